import { checkCondition, checkName as checkPlainName, decodeCursor, encodeCursor, pageSize, type Comparison, type Cursor, type FindQuery } from "../query-rules";

/** A value SQLite binds or returns for a JSON scalar. */
export type SqlValue = string | number | null;

export interface SqlPart {
  sql: string;
  params: SqlValue[];
}

/** A row read by a find: the record, and the value it is sorted on. */
export interface FoundRow {
  id: string;
  data: string;
  k: SqlValue;
}

export interface FindPlan extends SqlPart {
  limit: number;
  /** The cursor of the page that starts after `last`. */
  cursorAfter(last: FoundRow): string;
}

/** Collection and field names end up in SQL text, so only plain identifiers are accepted (and no sqlite_ tables). */
export function checkName(kind: "collection" | "field", name: string): string {
  return checkPlainName(kind, name, kind === "collection" ? /^sqlite_/i : undefined);
}

/** The SQL expression of a top-level field; index definitions use exactly the same text. */
export function fieldSql(field: string): string {
  return field === "id" ? "id" : `json_extract(data, '$.${checkName("field", field)}')`;
}

/** The WHERE conditions of a filter: equality (strict on type: "1" does not match 1), ranges and prefixes. */
export function whereSql(where: object = {}): SqlPart[] {
  return Object.entries(where)
    .filter(([, value]) => value !== undefined)
    .map(([field, value]: [string, unknown]) => (typeof value === "object" && value !== null ? conditionSql(field, value) : equalitySql(field, value)));
}

function equalitySql(field: string, value: unknown): SqlPart {
  const expr = fieldSql(field);
  if (value === null) return { sql: `${expr} IS NULL`, params: [] };
  if (typeof value === "boolean") {
    return { sql: `(${expr} = ? AND json_type(data, '$.${field}') = ?)`, params: [Number(value), String(value)] };
  }
  if (typeof value === "string" || typeof value === "number") return { sql: `${expr} = ?`, params: [value] };
  throw new TypeError(`where.${field} must be a string, number, boolean, null or a condition`);
}

const COMPARISONS: Readonly<Record<Comparison, string>> = { gt: ">", gte: ">=", lt: "<", lte: "<=" };

/**
 * A range or prefix condition: comparisons on the field's expression, so its index serves them, and
 * strict on type. SQLite orders every number before every string and compares nothing with NULL,
 * so string bounds need only a lower bound ('' at least) and stay within the index (a count is
 * answered from the index alone); numeric bounds check the JSON type, which tells true from 1.
 */
function conditionSql(field: string, condition: object): SqlPart {
  const expr = fieldSql(field);
  const { bounds, kind } = checkCondition(field, condition);
  const parts = bounds.map(([key, bound]) => (key === "startsWith" ? prefixSql(expr, bound as string) : { sql: `${expr} ${COMPARISONS[key]} ?`, params: [bound] }));
  if (kind === "number") parts.push({ sql: `json_type(data, '$.${field}') IN ('integer', 'real')`, params: [] });
  else if (!bounds.some(([key]) => key === "gt" || key === "gte" || key === "startsWith")) parts.push({ sql: `${expr} >= ''`, params: [] });
  return allOf(parts);
}

/** `expr` starts with `prefix`: at or above it and below the first string past all its extensions. */
function prefixSql(expr: string, prefix: string): SqlPart {
  const end = prefixEnd(prefix);
  return end === undefined ? { sql: `${expr} >= ?`, params: [prefix] } : { sql: `(${expr} >= ? AND ${expr} < ?)`, params: [prefix, end] };
}

/**
 * The smallest string greater than every string starting with `prefix` (its last code point
 * incremented; SQLite compares UTF-8 bytes, which is code point order), or none for "".
 */
function prefixEnd(prefix: string): string | undefined {
  const points = Array.from(prefix);
  while (points.length > 0) {
    const last = points.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) return points.join("") + String.fromCodePoint(last === 0xd7ff ? 0xe000 : last + 1);
  }
  return undefined;
}

/** Joins conditions with AND ("1" when there are none). */
export function allOf(parts: readonly SqlPart[]): SqlPart {
  return {
    sql: parts.length === 0 ? "1" : parts.map((part) => part.sql).join(" AND "),
    params: parts.flatMap((part) => part.params),
  };
}

/** SELECT for one page: sorted by the field then id, resuming after the cursor (keyset pagination). */
export function planFind(table: string, query: FindQuery): FindPlan {
  const { field, direction } = query.orderBy ?? { field: "id", direction: "asc" };
  const tag = `${field}:${direction}`;
  const expr = fieldSql(field);
  const dir = direction === "desc" ? "DESC" : "ASC";
  const conditions = whereSql(query.where);
  if (query.cursor !== undefined) conditions.push(afterSql(expr, direction, decodeCursor(query.cursor, tag, isSqlValue)));
  const filter = allOf(conditions);
  return {
    sql: `SELECT id, data, ${expr} AS k FROM ${table} WHERE ${filter.sql} ORDER BY ${expr} ${dir}, id ${dir} LIMIT ?`,
    params: filter.params,
    limit: pageSize(query.limit),
    cursorAfter: (last) => encodeCursor({ o: tag, k: last.k, id: last.id }),
  };
}

/**
 * Rows after (k, id) in the sort order. SQLite sorts NULL first, so ascending every non-null
 * value follows a null, and descending nothing but a null with a smaller id does.
 */
function afterSql(expr: string, direction: "asc" | "desc", { k, id }: Cursor<SqlValue>): SqlPart {
  const op = direction === "desc" ? "<" : ">";
  if (expr === "id") return { sql: `id ${op} ?`, params: [id] };
  if (k === null) {
    return direction === "desc"
      ? { sql: `(${expr} IS NULL AND id < ?)`, params: [id] }
      : { sql: `(${expr} IS NOT NULL OR id > ?)`, params: [id] };
  }
  const nulls = direction === "desc" ? ` OR ${expr} IS NULL` : "";
  return { sql: `(${expr} ${op} ? OR (${expr} = ? AND id ${op} ?)${nulls})`, params: [k, k, id] };
}

function isSqlValue(k: unknown): k is SqlValue {
  return k === null || typeof k === "string" || typeof k === "number";
}
