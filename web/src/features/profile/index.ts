/** Profile and settings: the advanced-settings dialog and the change-password modal. */
export { ProfileSettingsDialog } from "./components/ProfileSettingsDialog";
export { ChangePasswordDialog } from "./components/ChangePasswordDialog";
