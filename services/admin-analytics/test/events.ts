import { create, toBinary, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import {
  ChatExchangeSchema,
  CitationSchema,
  DocumentChangeKind,
  DocumentChangedSchema,
  FeedbackGivenSchema,
  KnowledgeBaseChangedSchema,
  KnowledgeOperation,
  Language,
  LawChangeKind,
  LawChangedSchema,
  OwnerSchema,
  Reaction,
  TOPICS,
  UserChangeKind,
  UserChangedSchema,
  type Citation,
  type Owner,
} from "@qai/contracts";
import type { EventEnvelope } from "@qai/event-bus";

/** Encoded events as the producers publish them (ids unique per envelope). */

let sequence = 0;

function envelope<S extends DescMessage>(topic: string, schema: S, key: string, occurredAt: string, message: MessageInitShape<S>): EventEnvelope {
  sequence += 1;
  const payload = toBinary(schema, create(schema, message));
  return { id: `event-${String(sequence).padStart(6, "0")}`, topic, key, type: schema.typeName, payload, occurredAt, headers: {} };
}

const stamp = (iso: string | undefined) => (iso ? timestampFromDate(new Date(iso)) : undefined);

export const user = (id: string): Owner => create(OwnerSchema, { kind: { case: "userId", value: id } });
export const guest = (id: string): Owner => create(OwnerSchema, { kind: { case: "guestSessionId", value: id } });

export function citation(lawId: string, articleNumber: number, lawName: string, lawNameEn = ""): Citation {
  return create(CitationSchema, { articleId: `${lawId}#${articleNumber}`, lawId, lawName, lawNameEn, articleNumber });
}

export interface ExchangeInit {
  answerId: string;
  conversationId: string;
  owner: Owner;
  question: string;
  answer?: string;
  citations?: Citation[];
  language?: Language;
  provider?: string;
  fallbackFrom?: string;
  sourcesFound?: number;
  answerMs?: number;
  at: string;
}

export function exchange(init: ExchangeInit): EventEnvelope {
  const { answerId, at, citations = [], ...rest } = init;
  return envelope(TOPICS.chatExchange, ChatExchangeSchema, init.conversationId, at, {
    ...rest,
    answerMessageId: answerId,
    questionMessageId: `q-${answerId}`,
    answer: init.answer ?? `answer to ${init.question}`,
    citations,
    language: init.language ?? Language.AR,
    provider: init.provider ?? "qai-local",
    sourcesFound: init.sourcesFound ?? citations.length,
    answerMs: init.answerMs ?? 100,
    occurredAt: stamp(at),
  });
}

export const LIKE = Reaction.LIKE;
export const DISLIKE = Reaction.DISLIKE;
export const NONE = Reaction.UNSPECIFIED;

export function feedback(init: { messageId: string; owner: Owner; previous?: Reaction; reaction: Reaction; question: string; at: string }): EventEnvelope {
  return envelope(TOPICS.conversationFeedback, FeedbackGivenSchema, init.messageId, init.at, {
    messageId: init.messageId,
    conversationId: "c",
    owner: init.owner,
    previous: init.previous ?? NONE,
    reaction: init.reaction,
    questionMessageId: `q-${init.messageId}`,
    question: init.question,
    answer: `answer to ${init.question}`,
    occurredAt: stamp(init.at),
  });
}

export interface Profile {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  provider?: string;
  isAdmin?: boolean;
  /** When accounts last saw the user (sign-in, requests). */
  lastActiveAt?: string;
}

export function userChanged(kind: UserChangeKind, profile: Profile, at: string, actorUserId = ""): EventEnvelope {
  const body = kind === UserChangeKind.DELETED ? { userId: profile.userId, email: profile.email } : { ...profile, provider: profile.provider ?? "email", createdAt: stamp(profile.createdAt), lastActiveAt: stamp(profile.lastActiveAt) };
  return envelope(TOPICS.accountsUser, UserChangedSchema, profile.userId, at, { ...body, kind, actorUserId, occurredAt: stamp(at) });
}

export function lawChanged(lawId: string, lawName: string, lawNameEn: string, at: string, kind = LawChangeKind.IMPORTED): EventEnvelope {
  return envelope(TOPICS.knowledgeLaw, LawChangedSchema, lawId, at, { lawId, lawName, lawNameEn, kind, articleCount: 10, occurredAt: stamp(at) });
}

export function knowledgeBaseChanged(operation: KnowledgeOperation, init: { actorUserId?: string; lawNames?: string[]; lawsChanged: number; articlesChanged: number; totalLaws: number; totalArticles: number }, at: string): EventEnvelope {
  return envelope(TOPICS.knowledgeBase, KnowledgeBaseChangedSchema, "knowledge-base", at, { operation, ...init, occurredAt: stamp(at) });
}

export function documentChanged(kind: DocumentChangeKind, init: { documentId: string; title: string; category: string; actorUserId: string }, at: string): EventEnvelope {
  return envelope(TOPICS.knowledgeDocument, DocumentChangedSchema, init.documentId, at, { ...init, kind, occurredAt: stamp(at) });
}
