import type { Histogram } from "./histogram";

/**
 * The read models. Fields named `…Key` or `rank` are derived sort keys, indexed, and present only
 * on the records that belong in the listing they order, so a range on them is the listing itself.
 */

/** An event as it was handled, in handling order: the source `rebuild` replays. */
export interface LoggedEvent {
  /** The handling sequence number, zero-padded so ids sort in that order. */
  id: string;
  eventId: string;
  topic: string;
  type: string;
  /** When it happened (the message's occurred_at, else the envelope's). */
  occurredAt: string;
  /** The protobuf payload, base64, without guest ids or a deleted user's data. */
  payload: string;
  /** The registered user the event belongs to (its owner or subject). */
  userId?: string;
}

export interface UserRecord {
  /** The user id. */
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  provider: string;
  isAdmin: boolean;
  createdAt?: string;
  /** When the profile applied happened; absent while only the user's exchanges are known. */
  profileAt?: string;
  lastActiveAt?: string;
  questionCount: number;
  /** The account was deleted: the record stays, anonymised, so late events are recognised. */
  deleted?: true;
  /** `createdAt|id`, for listed users (a profile, not deleted): newest first. */
  sortKey?: string;
  /** `provider|createdAt|id`, for listed users. */
  providerKey?: string;
  /** `lastActiveAt`, for listed users. */
  activeAt?: string;
}

/** One search term of a listed user (a normalised word of the names or the e-mail address). */
export interface UserTermRecord {
  /** `term|userId`. */
  id: string;
  term: string;
  userId: string;
  sortKey: string;
  provider: string;
}

export type OwnerKind = "user" | "guest";
export type LanguageCode = "ar" | "en";

/** One answer, keyed by the answer message id; guests stay anonymous, no session id is kept. */
export interface ExchangeRecord {
  id: string;
  /** Only feedback has arrived so far: counted once the exchange arrives. */
  pending?: true;
  conversationId?: string;
  owner?: OwnerKind;
  /** The registered owner; removed when that account is deleted. */
  userId?: string;
  day?: string;
  language?: LanguageCode;
  provider?: string;
  articleIds: string[];
  lawIds: string[];
  /** The answer's net reactions (previous → reaction applied). */
  likes: number;
  dislikes: number;
}

export interface ProviderFigures {
  answers: number;
  fallbacks: number;
}

export interface DayFiguresRecord {
  /** The Riyadh day, YYYY-MM-DD. */
  id: string;
  questions: number;
  arabic: number;
  english: number;
  guests: number;
  registered: number;
  /** Net reactions to the answers given that day. */
  likes: number;
  dislikes: number;
  gaps: number;
  fallbacks: number;
  providers: Record<string, ProviderFigures>;
  answerMs: Histogram;
}

/** Questions sharing a `questionKey`; the gap groups hold only the questions without sources. */
export interface QuestionGroupRecord {
  /** A hash of `key`. */
  id: string;
  key: string;
  /** The most recent wording. */
  question: string;
  count: number;
  likes: number;
  dislikes: number;
  latestAnswer: string;
  lastAskedAt?: string;
  /** `count|lastAskedAt`, once asked. */
  rank?: string;
}

export interface LawRecord {
  /** The law id (citations' law_id). */
  id: string;
  name: string;
  nameEn: string;
  /** When the LawChanged that named it happened; absent while named by citations only. */
  namedAt?: string;
  citations: number;
  likes: number;
  dislikes: number;
}

export interface ArticleRecord {
  /** The article id (citations' article_id). */
  id: string;
  lawId: string;
  number: number;
  suffix: string;
  citations: number;
  likes: number;
  dislikes: number;
  /** `dislikeRate|dislikes`, once disliked. */
  dislikeRank?: string;
}

/** The one record of all-time totals. */
export interface TotalsRecord {
  /** Always "totals". */
  id: string;
  questions: number;
  conversations: number;
  likes: number;
  dislikes: number;
}

export interface AuditRecord {
  /** The event id. */
  id: string;
  occurredAt: string;
  actorUserId: string;
  action: string;
  target: string;
  detail: string;
  /** The user an admin flag change was about; removed when that account is deleted. */
  targetUserId?: string;
  /** `occurredAt|id`: newest first. */
  sortKey: string;
}

/** How far one topic's consumer has got (operational: kept by `rebuild`). */
export interface ConsumerRecord {
  /** The topic. */
  id: string;
  group: string;
  eventsProcessed: number;
  /** When the newest event handled (by occurredAt) happened, and when it was handled. */
  lastEventAt: string;
  lastProcessedAt: string;
}

export function dislikeRate({ likes, dislikes }: { likes: number; dislikes: number }): number {
  return likes + dislikes === 0 ? 0 : dislikes / (likes + dislikes);
}

/** A non-negative integer as fixed-width text, so that text order is number order. */
export function padded(value: number, width = 10): string {
  return String(Math.max(0, Math.round(value))).padStart(width, "0");
}
