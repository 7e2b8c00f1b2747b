/** Question history: the searchable list of the user's questions. */
export { QuestionHistoryPage } from "./components/QuestionHistoryPage";
