/** The chat feature's public surface: the screen only. Internals stay private to the feature. */
export { ChatScreen } from "./components/ChatScreen";
export type { ChatScreenProps } from "./components/ChatScreen";
