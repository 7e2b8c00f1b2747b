/** /legal: privacy policy and terms of use. */
export { default } from "./components/LegalPage";
