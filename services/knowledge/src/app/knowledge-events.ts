import { create, toBinary, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampNow } from "@bufbuild/protobuf/wkt";
import {
  DocumentChangedSchema,
  KnowledgeBaseChangedSchema,
  LawChangedSchema,
  TOPICS,
  type DocumentChangeKind,
  type KnowledgeOperation,
  type LawChangeKind,
} from "@qai/contracts";
import type { NewEvent } from "@qai/event-bus";
import type { LawRecord } from "../domain/records";

/** KnowledgeBaseChanged names at most this many laws; `laws_changed` counts them all. */
export const MAX_LAW_NAMES = 20;

/** One admin operation on the knowledge base (or the seed), for knowledge.base.v1. */
export interface KnowledgeBaseChange {
  operation: KnowledgeOperation;
  /** Empty for the start-up seed. */
  actorUserId: string;
  /** Every law the operation added, replaced, changed or removed. */
  lawNames: readonly string[];
  articlesChanged: number;
  /** The size of the knowledge base after the operation. */
  totalLaws: number;
  totalArticles: number;
}

/** The document as DocumentChanged describes it. */
export interface ChangedDocument {
  id: string;
  title: string;
  category: string;
}

/** knowledge.law.v1, keyed by law id. */
export function lawChanged(law: LawRecord, kind: LawChangeKind, actorUserId: string, articleCount = law.articleCount): NewEvent {
  return event(TOPICS.knowledgeLaw, law.id, LawChangedSchema, {
    lawId: law.id,
    lawName: law.lawName,
    lawNameEn: law.lawNameEn ?? "",
    kind,
    articleCount,
    actorUserId,
    occurredAt: timestampNow(),
  });
}

/** knowledge.base.v1, under one key so that operations arrive in the order they happened. */
export function knowledgeBaseChanged(change: KnowledgeBaseChange): NewEvent {
  return event(TOPICS.knowledgeBase, "knowledge-base", KnowledgeBaseChangedSchema, {
    ...change,
    lawNames: change.lawNames.slice(0, MAX_LAW_NAMES),
    lawsChanged: change.lawNames.length,
    occurredAt: timestampNow(),
  });
}

/** knowledge.document.v1, keyed by document id. */
export function documentChanged(document: ChangedDocument, kind: DocumentChangeKind, actorUserId: string): NewEvent {
  return event(TOPICS.knowledgeDocument, document.id, DocumentChangedSchema, {
    documentId: document.id,
    title: document.title,
    category: document.category,
    kind,
    actorUserId,
    occurredAt: timestampNow(),
  });
}

function event<Desc extends DescMessage>(topic: string, key: string, schema: Desc, fields: MessageInitShape<Desc>): NewEvent {
  return { topic, key, type: schema.typeName, payload: toBinary(schema, create(schema, fields)), headers: {} };
}
