/** Chat history: the conversation list page, and the title cut the shell's sidebar recents share. */
export { HistoryPage } from "./components/HistoryPage";
export { truncate } from "./lib/truncate";
