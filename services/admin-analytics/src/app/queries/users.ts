import type { RecordStore, Transaction, Where } from "@qai/record-store";
import { tokenize } from "@qai/search-index";
import { msBefore, NOW_WINDOW_MS, riyadhMidnight, WEEK_MS } from "../../domain/time";
import type { UserRecord, UserTermRecord } from "../../domain/records";
import { allOf, users, userTerms } from "../collections";

export type ActivityWindowName = "now" | "today" | "week";

export interface UserListRequest {
  search: string;
  /** Only users of this auth provider; "" for any. */
  provider: string;
  limit: number;
  /** The sort key of the previous page's last user. */
  after?: string;
}

export interface UserPage {
  users: UserRecord[];
  /** Users matching the request, on every page. */
  total: number;
  /** The sort key of this page's last user when more follow. */
  nextAfter?: string;
}

/** The registered users for the admin users list and the activity panels. */
export class UserFigures {
  constructor(
    private readonly store: RecordStore,
    private readonly now: () => Date,
  ) {}

  /** Newest first; with a search, every word must start one of the user's terms. */
  list(request: UserListRequest): Promise<UserPage> {
    const words = [...new Set(tokenize(request.search))];
    return this.store.transaction((tx) => (words.length > 0 ? searchPage(tx, words, request) : listPage(tx, request)));
  }

  stats(): Promise<{ totalRegistered: number; activeUsers: number; activeToday: number; activeThisWeek: number }> {
    const now = this.now();
    return this.store.transaction(async (tx) => {
      const totalRegistered = await users(tx).count({ sortKey: { gte: "" } });
      const activeThisWeek = await users(tx).count({ activeAt: { gte: msBefore(now, WEEK_MS) } });
      const activeToday = await users(tx).count({ activeAt: { gte: riyadhMidnight(now).toISOString() } });
      return { totalRegistered, activeUsers: activeThisWeek, activeToday, activeThisWeek };
    });
  }

  /** The users active in the window (count), the most recently active first (up to `limit`). */
  active(window: ActivityWindowName, limit: number): Promise<{ count: number; users: UserRecord[] }> {
    const now = this.now();
    const since = { now: msBefore(now, NOW_WINDOW_MS), today: riyadhMidnight(now).toISOString(), week: msBefore(now, WEEK_MS) }[window];
    return this.store.transaction(async (tx) => {
      const where: Where<UserRecord> = { activeAt: { gte: since } };
      const count = await users(tx).count(where);
      const page = await users(tx).find({ where, orderBy: { field: "activeAt", direction: "desc" }, limit });
      return { count, users: page.items };
    });
  }
}

async function listPage(tx: Transaction, { provider, limit, after }: UserListRequest): Promise<UserPage> {
  const prefix = provider ? `${provider}|` : "";
  const range = (bounds: { startsWith: string; lt?: string }): Where<UserRecord> => (provider ? { providerKey: bounds } : { sortKey: bounds });
  const total = await users(tx).count(range({ startsWith: prefix }));
  const page = await users(tx).find({
    where: range(after === undefined ? { startsWith: prefix } : { startsWith: prefix, lt: prefix + after }),
    orderBy: { field: provider ? "providerKey" : "sortKey", direction: "desc" },
    limit,
  });
  return { users: page.items, total, nextAfter: page.nextCursor ? page.items.at(-1)?.sortKey : undefined };
}

/** The users whose terms start with every word: each word's term range, intersected, then paged in memory. */
async function searchPage(tx: Transaction, words: string[], { provider, limit, after }: UserListRequest): Promise<UserPage> {
  let matches: Map<string, UserTermRecord> | undefined;
  for (const word of [...words].sort((a, b) => b.length - a.length)) {
    const found = new Map<string, UserTermRecord>();
    for await (const term of allOf(userTerms(tx), { where: { term: { startsWith: word } }, orderBy: { field: "term", direction: "asc" } })) {
      if (!matches || matches.has(term.userId)) found.set(term.userId, term);
    }
    matches = found;
    if (matches.size === 0) break;
  }
  const candidates = [...(matches?.values() ?? [])].filter((term) => !provider || term.provider === provider);
  const following = after === undefined ? candidates : candidates.filter((term) => term.sortKey < after);
  const page = newest(following, limit);
  return {
    users: await users(tx).getMany(page.map((term) => term.userId)),
    total: candidates.length,
    nextAfter: following.length > limit ? page.at(-1)?.sortKey : undefined,
  };
}

/** The `limit` terms with the highest sort keys, highest first, in one pass (no sort of them all). */
function newest(terms: readonly UserTermRecord[], limit: number): UserTermRecord[] {
  const kept: UserTermRecord[] = [];
  for (const term of terms) {
    if (kept.length === limit && term.sortKey <= kept[limit - 1]!.sortKey) continue;
    let at = kept.length;
    while (at > 0 && kept[at - 1]!.sortKey < term.sortKey) at -= 1;
    kept.splice(at, 0, term);
    if (kept.length > limit) kept.pop();
  }
  return kept;
}
