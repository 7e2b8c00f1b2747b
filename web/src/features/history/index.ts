/** Chat history: the conversation list page, and the list itself for the shell's sidebar recents. */
export { HistoryPage } from "./components/HistoryPage";
export { useConversationHistory, conversationDate, conversationTitle, type ConversationSummary } from "./api/get-conversation-history";
export { useDeleteConversation } from "./api/delete-conversation";
export { truncate } from "./lib/truncate";
