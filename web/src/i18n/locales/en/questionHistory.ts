/** Question history, English. */
export default {
  title: "Question History",
  subtitle: "Every question you asked, with the start of its answer.",
  searchLabel: "Search your questions",
  searchPlaceholder: "Search questions and answers…",
  loading: "Loading questions…",
  loadFailed: "Could not load your questions.",
  retry: "Try Again",
  emptyTitle: "No Questions Saved",
  emptyBody: "Questions you ask will be saved here.",
  noMatchTitle: "No Previous Questions",
  noMatchBody: "No question or answer matches your search.",
  open: "Open conversation",
  delete: "Delete",
  deleted: "Question deleted",
  deleteFailed: "Failed to delete question",
};
