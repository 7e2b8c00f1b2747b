import type { Collection, Collections, Query } from "@qai/record-store";
import type {
  ArticleRecord,
  AuditRecord,
  ConsumerRecord,
  DayFiguresRecord,
  ExchangeRecord,
  LawRecord,
  LoggedEvent,
  QuestionGroupRecord,
  TotalsRecord,
  UserRecord,
  UserTermRecord,
} from "../domain/records";

/** The store file of the standalone service and the rebuild CLI, under DATA_DIR. */
export const ANALYTICS_DB_FILE = "admin-analytics.db";

export const eventLog = (c: Collections): Collection<LoggedEvent> => c.collection<LoggedEvent>("event_log", { indexes: ["userId"] });
export const consumers = (c: Collections): Collection<ConsumerRecord> => c.collection<ConsumerRecord>("consumer_lag");

export const users = (c: Collections) => c.collection<UserRecord>("users", { indexes: ["sortKey", "providerKey", "activeAt"] });
export const userTerms = (c: Collections) => c.collection<UserTermRecord>("user_terms", { indexes: ["term", "userId"] });
export const exchanges = (c: Collections) => c.collection<ExchangeRecord>("exchanges", { indexes: ["userId"] });
export const conversations = (c: Collections) => c.collection<{ id: string }>("conversations");
export const days = (c: Collections) => c.collection<DayFiguresRecord>("days");
export const questionGroups = (c: Collections) => c.collection<QuestionGroupRecord>("question_groups", { indexes: ["rank"] });
export const gapGroups = (c: Collections) => c.collection<QuestionGroupRecord>("gap_groups", { indexes: ["rank"] });
export const laws = (c: Collections) => c.collection<LawRecord>("laws", { indexes: ["citations"] });
export const articles = (c: Collections) => c.collection<ArticleRecord>("articles", { indexes: ["citations", "dislikeRank"] });
export const totals = (c: Collections) => c.collection<TotalsRecord>("totals");
export const audit = (c: Collections) => c.collection<AuditRecord>("audit", { indexes: ["sortKey", "targetUserId"] });

/** Every collection derived from the event log: what `rebuild` clears and fills again. */
export const READ_MODELS: ReadonlyArray<(c: Collections) => Collection<{ id: string }>> = [
  users,
  userTerms,
  exchanges,
  conversations,
  days,
  questionGroups,
  gapGroups,
  laws,
  articles,
  totals,
  audit,
];

export async function currentTotals(c: Collections): Promise<TotalsRecord> {
  return (await totals(c).get("totals")) ?? { id: "totals", questions: 0, conversations: 0, likes: 0, dislikes: 0 };
}

/** Every record matching `where`, page by page (for the few bulk rewrites, never a request path). */
export async function* allOf<T extends { id: string }>(collection: Collection<T>, query: Pick<Query<T>, "where" | "orderBy"> = {}): AsyncGenerator<T> {
  let cursor: string | undefined;
  do {
    const page = await collection.find({ ...query, limit: 1000, cursor });
    yield* page.items;
    cursor = page.nextCursor;
  } while (cursor);
}
