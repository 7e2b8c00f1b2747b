/** Favorites: the saved answers and conversations of a registered user. */
export { FavoritesPage } from "./components/FavoritesPage";
