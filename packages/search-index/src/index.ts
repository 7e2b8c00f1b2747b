export type { ArticleStatus, IndexedArticle, SearchHit, SearchIndex, SearchOptions } from "./port";
export { analyzeArabic, analyzeQuery, detectLanguage, type AnalyzedQuery, type QueryLanguage } from "./analysis/analyzer";
export { normalizeArabic, tokenize } from "./analysis/normalize";
export { stemArabic } from "./analysis/arabic-stemmer";
export { stemEnglish } from "./analysis/english-stemmer";
export { findArticleReference, type ArticleReference } from "./analysis/article-reference";
export { EmbeddedSearchIndex } from "./embedded/embedded-search-index";
export { DEFAULT_RANKING, type FieldParameters, type RankingParameters } from "./embedded/ranking";
