/** Chat history (conversation list), English. */
export default {
  title: "Chat History",
  subtitle: "Your previous conversations, newest first.",
  loading: "Loading conversations…",
  loadFailed: "Could not load your conversations.",
  retry: "Try Again",
  emptyTitle: "No Previous Questions",
  emptyBody: "Your conversations will appear here once you ask a question.",
  untitled: "Untitled conversation",
  messages: "{{count}} messages",
  delete: "Delete",
  confirmTitle: "Delete this conversation?",
  confirmBody: "The conversation and all its messages will be deleted. This cannot be undone:",
  deleted: "Conversation Deleted",
  deleteFailed: "Failed to delete conversation",
};
