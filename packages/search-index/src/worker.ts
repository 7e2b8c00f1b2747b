/**
 * The embedded index in its worker thread, without the rest of the package (the Elasticsearch client alone takes
 * ~140 ms to load): the product's process imports this while its early server answers /healthz, so the worker can
 * read the index snapshot meanwhile.
 */
export { WorkerSearchIndex } from "./embedded/worker-search-index";
export { DEFAULT_RANKING } from "./embedded/ranking";
export { INDEX_SNAPSHOT_FILE } from "./embedded/embedded-search-index";
