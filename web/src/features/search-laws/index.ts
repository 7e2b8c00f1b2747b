/** Search laws: the public legal-document search. */
export { SearchLawsPage } from "./components/SearchLawsPage";
