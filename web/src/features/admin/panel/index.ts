/** The in-app admin panel (spec §2): lazy-loaded by the app shell, so its code stays out of chat and landing. */
export { AdminPanelDialog as default } from "./AdminPanelDialog";
