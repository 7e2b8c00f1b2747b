/** Search laws: the public search of the knowledge base's articles and the legal documents. */
export { SearchLawsPage } from "./components/SearchLawsPage";
