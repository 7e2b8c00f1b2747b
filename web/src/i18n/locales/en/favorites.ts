/** Favorites, English. */
export default {
  title: "Favorites",
  subtitle: "Answers and conversations you saved.",
  loading: "Loading favorites…",
  loadFailed: "Failed to fetch favorites",
  retry: "Try Again",
  emptyTitle: "No favorites yet",
  emptyBody: "Save an answer with the star button to find it here.",
  untitled: "Saved item",
  types: {
    message: "Answer",
    conversation: "Conversation",
    other: "Other",
  },
  delete: "Remove",
  deleted: "Removed from favorites",
  deleteFailed: "Failed to delete favorite",
};
