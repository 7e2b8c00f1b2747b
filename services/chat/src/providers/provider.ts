import type { Language } from "../app/language";

/** An article retrieved for the question, as a provider sees it. */
export interface SourceArticle {
  id: string;
  lawId: string;
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

/** A law, as a conversation refers to it. */
export interface LawRef {
  lawId: string;
  lawName: string;
  lawNameEn?: string;
}

export interface Turn {
  isUser: boolean;
  content: string;
  /** The laws an answer cited (verified), most relevant first. */
  laws?: LawRef[];
}

export interface GenerationRequest {
  question: string;
  language: Language;
  /** Best first. */
  sources: SourceArticle[];
  /** Earlier turns of the conversation, oldest first. */
  history: Turn[];
  /** The law the conversation is about, when the question is a follow-up that names none. */
  topicLaw?: LawRef;
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
  /** Presented as the specialised legal model (QAI-1.0). */
  specialised?: boolean;
  status(): ProviderStatus;
  /** Streams the answer; stops promptly (without generating more) when `signal` aborts. */
  generate(request: GenerationRequest, signal: AbortSignal): AsyncIterable<GenerationEvent>;
}
