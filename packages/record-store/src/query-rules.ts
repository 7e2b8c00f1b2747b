/**
 * The rules of the port's queries that every adapter applies the same way: names, conditions,
 * page sizes and cursors. Adapters translate the checked pieces into their own query language.
 */

/** A `Query` of any record type. */
export interface FindQuery {
  where?: object;
  orderBy?: { field: string; direction: "asc" | "desc" };
  limit?: number;
  cursor?: string;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

/** Collection and field names end up in query text, so only plain identifiers are accepted. */
export function checkName(kind: "collection" | "field", name: string, reserved?: RegExp): string {
  if (!NAME.test(name) || reserved?.test(name)) {
    throw new Error(`invalid ${kind} name ${JSON.stringify(name)}: use letters, digits and _`);
  }
  return name;
}

/** The comparison keys of a `Condition`. */
export type Comparison = "gt" | "gte" | "lt" | "lte";
export type BoundKey = Comparison | "startsWith";

export interface CheckedCondition {
  /** The bounds given (undefined ones dropped), in the order given. */
  bounds: Array<[BoundKey, string | number]>;
  kind: "string" | "number";
}

const COMPARISON_KEYS: readonly string[] = ["gt", "gte", "lt", "lte"];

/**
 * Checks a range or prefix condition: at least one bound, only known keys, all bounds strings or
 * all finite numbers, `startsWith` with a string. Throws a TypeError otherwise.
 */
export function checkCondition(field: string, condition: object): CheckedCondition {
  const bounds = Object.entries(condition).filter(([, bound]) => bound !== undefined) as Array<[string, unknown]>;
  if (bounds.length === 0) throw new TypeError(`where.${field}: a condition needs gt, gte, lt, lte or startsWith`);
  const kinds = new Set(bounds.map(([key, bound]) => boundKind(field, key, bound)));
  if (kinds.size > 1) throw new TypeError(`where.${field}: the bounds of a condition must be all strings or all numbers`);
  return { bounds: bounds as CheckedCondition["bounds"], kind: [...kinds][0]! };
}

function boundKind(field: string, key: string, bound: unknown): "string" | "number" {
  const kind = typeof bound === "string" ? "string" : typeof bound === "number" && Number.isFinite(bound) ? "number" : undefined;
  if (kind === "string" && (key === "startsWith" || COMPARISON_KEYS.includes(key))) return kind;
  if (kind === "number" && COMPARISON_KEYS.includes(key)) return kind;
  throw new TypeError(`where.${field}.${key}: use gt, gte, lt or lte with a string or a finite number, or startsWith with a string`);
}

export function pageSize(limit = DEFAULT_LIMIT): number {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`);
  return Math.min(limit, MAX_LIMIT);
}

/** Where the next page starts: after the row with sort value `k` and id `id`. */
export interface Cursor<K> {
  /** The order it was made for ("field:direction"). */
  o: string;
  /** Sort value of the last row. */
  k: K;
  /** Id of the last row. */
  id: string;
}

export function encodeCursor<K>(cursor: Cursor<K>): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

/** Decodes a cursor made for the order `tag`, whose sort value passes `isKey`. */
export function decodeCursor<K>(text: string, tag: string, isKey: (k: unknown) => k is K): Cursor<K> {
  let cursor: Partial<Cursor<unknown>> | undefined;
  try {
    cursor = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as Partial<Cursor<unknown>>;
  } catch {
    cursor = undefined;
  }
  const k = cursor?.k;
  if (cursor?.o !== tag || typeof cursor.id !== "string" || !isKey(k)) {
    throw new Error("invalid cursor: pass the nextCursor of a page of the same query");
  }
  return { o: tag, k, id: cursor.id };
}
