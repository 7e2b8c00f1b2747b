import type { Language } from "../app/language";

/** An article retrieved for the question, as a provider sees it. */
export interface SourceArticle {
  id: string;
  lawName: string;
  lawNameEn?: string;
  articleNumber: number;
  articleSuffix: string;
  articleTitle: string;
  content: string;
  status: "in_force" | "repealed";
  sourceUrl: string;
  /** Search score and how much of the question the article covers (0..1). */
  score: number;
  coverage: number;
}

export interface Turn {
  isUser: boolean;
  content: string;
}

export interface GenerationRequest {
  question: string;
  language: Language;
  /** Best first. */
  sources: SourceArticle[];
  /** Earlier turns of the conversation, oldest first. */
  history: Turn[];
}

/** What a provider streams: pieces of text, and the ids of the articles it cites. */
export type GenerationEvent = { type: "text"; text: string } | { type: "citation"; articleId: string };

export interface ProviderStatus {
  available: boolean;
  reason?: string;
}

export interface AnswerProvider {
  id: string;
  label: string;
  status(): ProviderStatus;
  /** Streams the answer; stops promptly (without generating more) when `signal` aborts. */
  generate(request: GenerationRequest, signal: AbortSignal): AsyncIterable<GenerationEvent>;
}
