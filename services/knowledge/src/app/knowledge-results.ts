import type { ArticleRecord } from "../domain/records";

/* What the knowledge base's operations answer. */

export interface ArticleHit {
  article: ArticleRecord;
  score: number;
  coverage: number;
  /** Relevant enough to answer from (the search index's relevance policy). */
  relevant: boolean;
}

export interface ImportResult {
  imported: number;
  duplicates: string[];
  articles: number;
}

export interface KnowledgeStats {
  totalArticles: number;
  totalLaws: number;
  laws: Array<{ lawId: string; lawName: string; sourceUrl: string; articleCount: number }>;
  /** The active generation; empty before the first one. */
  generation: string;
}

export interface ReplaceResult {
  filesProcessed: number;
  totalArticles: number;
  /** What the replaced knowledge base held. */
  removedLaws: number;
  removedArticles: number;
}

export interface UploadResult {
  lawId: string;
  lawName: string;
  newCount: number;
  duplicateCount: number;
}

export interface ValidationResult {
  canProceed: boolean;
  message: { ar: string; en: string };
  currentArticleCount: number;
  newArticleCount: number;
  existingLawNames: string[];
}

export interface LoadResult {
  articles: number;
  seeded: boolean;
  /** Unfinished (or replaced but not yet removed) generations cleaned up. */
  discarded: number;
  migrated: boolean;
  /** The search index was loaded from its snapshot, not built from the stored articles. */
  restored: boolean;
}
