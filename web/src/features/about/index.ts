/** The About dialog. */
export { default } from "./components/AboutDialog";
