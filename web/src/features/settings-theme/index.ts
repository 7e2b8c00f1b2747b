/** Theme settings: the dialog (choose, preview, Apply/Cancel) and the server-saved preference. */
export { useServerTheme } from "./hooks/use-server-theme";
export { useApplyTheme, useSetDarkMode } from "./hooks/use-dark-mode";
