import type { Document, Filter, Sort } from "mongodb";
import type { Scalar } from "../port";
import { checkCondition, checkName, decodeCursor, encodeCursor, pageSize, type Comparison, type Cursor, type FindQuery } from "../query-rules";

/** A record as stored: its `id` as `_id`, its other fields as they are. */
export interface StoredDocument extends Document {
  _id: string;
}

/** The record's `id` is the document's `_id`, so `_id` cannot also be a field of a record. */
export function fieldPath(field: string): string {
  return field === "id" ? "_id" : checkName("field", field, /^_id$/);
}

/**
 * A `Where` as a MongoDB filter. MongoDB's own semantics are the port's: equality is strict on type
 * (`"1"` does not match `1`, `true` does not match `1`), `null` matches null or a missing field, and
 * comparison operators only match values of the bound's type (type bracketing), compared by code
 * point for strings.
 */
export function whereFilter(where: object = {}): Filter<StoredDocument> {
  const filter: Filter<StoredDocument> = {};
  for (const [field, value] of Object.entries(where) as Array<[string, unknown]>) {
    if (value === undefined) continue;
    filter[fieldPath(field)] = typeof value === "object" && value !== null ? conditionFilter(field, value) : equality(field, value);
  }
  return filter;
}

function equality(field: string, value: unknown): Scalar {
  if (value === null || typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))) return value;
  throw new TypeError(`where.${field} must be a string, number, boolean, null or a condition`);
}

const OPERATORS: Readonly<Record<Comparison, string>> = { gt: "$gt", gte: "$gte", lt: "$lt", lte: "$lte" };

/** Range bounds as comparison operators; `startsWith` as an anchored regex of the escaped prefix, which MongoDB serves from an index as a range. */
function conditionFilter(field: string, condition: object): Document {
  const operators: Document = {};
  for (const [key, bound] of checkCondition(field, condition).bounds) {
    if (key === "startsWith") operators.$regex = `^${escapeRegex(bound as string)}`;
    else operators[OPERATORS[key]] = bound;
  }
  return operators;
}

/** The prefix as a literal: metacharacters backslashed, NUL (which a BSON regex cannot hold) as \x00. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\0/g, "\\x00");
}

/**
 * The JSON types in MongoDB's sort order (missing sorts as null). SQLite orders booleans among the
 * numbers instead, so only fields holding one type (and null) sort the same on both adapters.
 */
const TYPE_ORDER = ["null", "number", "string", "object", "array", "bool"] as const;

export interface FindPlan {
  filter: Filter<StoredDocument>;
  sort: Sort;
  limit: number;
  /** The cursor of the page that starts after the document `last`. */
  cursorAfter(last: StoredDocument): string;
}

/** A page: sorted by the field then `_id` (the index `{field: 1, _id: 1}` serves both directions), resuming after the cursor. */
export function planFind(query: FindQuery): FindPlan {
  const { field, direction } = query.orderBy ?? { field: "id", direction: "asc" };
  const tag = `${field}:${direction}`;
  const path = fieldPath(field);
  const order = direction === "desc" ? -1 : 1;
  const where = whereFilter(query.where);
  const after = query.cursor === undefined ? undefined : afterFilter(path, direction, decodeCursor(query.cursor, tag, isScalar));
  return {
    filter: after ? { $and: [where, after] } : where,
    sort: path === "_id" ? { _id: order } : { [path]: order, _id: order },
    limit: pageSize(query.limit),
    cursorAfter: (last) => encodeCursor({ o: tag, k: sortValue(field, last[path]), id: last._id }),
  };
}

function sortValue(field: string, value: unknown): Scalar {
  if (value === undefined) return null;
  if (isScalar(value)) return value;
  throw new TypeError(`orderBy ${field}: pages can only end on a string, number, boolean or null`);
}

function isScalar(k: unknown): k is Scalar {
  return k === null || typeof k === "string" || typeof k === "number" || typeof k === "boolean";
}

/**
 * Documents after (k, id) in the sort order: a greater value of the same type, the same value with
 * a greater id, or a value of a type that sorts later (descending: smaller, earlier). Null and a
 * missing field sort first.
 */
function afterFilter(path: string, direction: "asc" | "desc", { k, id }: Cursor<Scalar>): Filter<StoredDocument> {
  const op = direction === "desc" ? "$lt" : "$gt";
  if (path === "_id") return { _id: { [op]: id } };
  if (k === null) return direction === "desc" ? { [path]: null, _id: { $lt: id } } : { $or: [{ [path]: null, _id: { $gt: id } }, { [path]: { $ne: null } }] };
  const rank = TYPE_ORDER.indexOf(typeof k === "boolean" ? "bool" : typeof k === "number" ? "number" : "string");
  const later = direction === "desc" ? TYPE_ORDER.slice(1, rank) : TYPE_ORDER.slice(rank + 1);
  const alternatives: Array<Filter<StoredDocument>> = [{ [path]: { [op]: k } }, { [path]: k, _id: { [op]: id } }];
  if (later.length > 0) alternatives.push({ [path]: { $type: [...later] } });
  if (direction === "desc") alternatives.push({ [path]: null });
  return { $or: alternatives };
}
