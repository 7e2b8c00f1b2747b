/** A verified reference to one article of one law (proto qai.common.v1.Citation, JSON form). */
export interface Citation {
  /** "<law guid>#<article number>[suffix]". */
  articleId: string;
  lawName: string;
  lawNameEn: string;
  articleNumber: number | null;
  articleSuffix: string;
  articleTitle: string;
  status: "in_force" | "repealed" | null;
  /** The official page of the law (laws.boe.gov.sa); "" when unknown. */
  sourceUrl: string;
}

/** One item of the /api/chat/ask-stream answer stream (spec §7, "Streaming answer format"). */
export type StreamEvent =
  | { type: "userMessage"; conversationId: string | null; messageId: string | null; provider: string | null }
  | { type: "chunk"; content: string }
  | {
      type: "complete";
      content: string;
      conversationId: string | null;
      messageId: string | null;
      citations: Citation[];
      provider: string | null;
      fallbackFrom: string | null;
    }
  | { type: "error"; message: string };

export type Reaction = "like" | "dislike" | null;

export interface ChatMessage {
  /** The server's message id once known, else a local id. */
  id: string;
  role: "user" | "assistant";
  content: string;
  citations: Citation[];
  /** An answer whose stream stopped before its final event. */
  incomplete?: boolean;
  /** Kept on screen while the stored copy is re-fetched (final data was incomplete, spec §4). */
  temporary?: boolean;
  /** True once the server knows the message (reactions and favorites need its id). */
  persisted?: boolean;
  reaction?: Reaction;
}

/** GET /api/chat/providers item. */
export interface Provider {
  id: string;
  label: string;
  available: boolean;
  reason?: string;
  specialised?: boolean;
}
