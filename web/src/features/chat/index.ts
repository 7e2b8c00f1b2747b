/** The chat feature's public surface: the screen only. Internals stay private to the feature. */
export { ChatScreen } from "./components/ChatScreen";
export type { ChatScreenProps } from "./components/ChatScreen";
// The article side panel, shared with Search Laws (it opens the articles it finds).
export { CitationPanel } from "./components/CitationPanel";
export type { Citation } from "./types";
