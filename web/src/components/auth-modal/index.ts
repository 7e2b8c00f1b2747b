/** The one sign-in / sign-up dialog of the app, opened anywhere with `useAuthModal()`. */
export { AuthModalProvider, useAuthModal } from "./AuthModalProvider";
