/** A `Query` of any record type. */
export interface FindQuery {
  where?: object;
  orderBy?: { field: string; direction: "asc" | "desc" };
  limit?: number;
  cursor?: string;
}

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

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

/** Collection and field names end up in SQL text, so only plain identifiers are accepted. */
export function checkName(kind: "collection" | "field", name: string): string {
  if (!NAME.test(name) || (kind === "collection" && /^sqlite_/i.test(name))) {
    throw new Error(`invalid ${kind} name ${JSON.stringify(name)}: use letters, digits and _`);
  }
  return name;
}

/** The SQL expression of a top-level field; index definitions use exactly the same text. */
export function fieldSql(field: string): string {
  return field === "id" ? "id" : `json_extract(data, '$.${checkName("field", field)}')`;
}

/** The WHERE conditions of an equality filter (strict on type: "1" does not match 1). */
export function whereSql(where: object = {}): SqlPart[] {
  return Object.entries(where)
    .filter(([, value]) => value !== undefined)
    .map(([field, value]: [string, unknown]) => {
      const expr = fieldSql(field);
      if (value === null) return { sql: `${expr} IS NULL`, params: [] };
      if (typeof value === "boolean") {
        return { sql: `(${expr} = ? AND json_type(data, '$.${field}') = ?)`, params: [Number(value), String(value)] };
      }
      if (typeof value === "string" || typeof value === "number") return { sql: `${expr} = ?`, params: [value] };
      throw new TypeError(`where.${field} must be a string, number, boolean or null`);
    });
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
  if (query.cursor !== undefined) conditions.push(afterSql(expr, direction, decodeCursor(query.cursor, tag)));
  const filter = allOf(conditions);
  return {
    sql: `SELECT id, data, ${expr} AS k FROM ${table} WHERE ${filter.sql} ORDER BY ${expr} ${dir}, id ${dir} LIMIT ?`,
    params: filter.params,
    limit: pageSize(query.limit),
    cursorAfter: (last) => encodeCursor({ o: tag, k: last.k, id: last.id }),
  };
}

function pageSize(limit = DEFAULT_LIMIT): number {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`);
  return Math.min(limit, MAX_LIMIT);
}

interface Cursor {
  /** The order it was made for ("field:direction"). */
  o: string;
  /** Sort value of the last row. */
  k: SqlValue;
  /** Id of the last row. */
  id: string;
}

/**
 * Rows after (k, id) in the sort order. SQLite sorts NULL first, so ascending every non-null
 * value follows a null, and descending nothing but a null with a smaller id does.
 */
function afterSql(expr: string, direction: "asc" | "desc", { k, id }: Cursor): SqlPart {
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

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(text: string, tag: string): Cursor {
  let cursor: Partial<Cursor> | undefined;
  try {
    cursor = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as Partial<Cursor>;
  } catch {
    cursor = undefined;
  }
  const k = cursor?.k;
  if (cursor?.o !== tag || typeof cursor.id !== "string" || !(k === null || typeof k === "string" || typeof k === "number")) {
    throw new Error("invalid cursor: pass the nextCursor of a page of the same query");
  }
  return { o: tag, k, id: cursor.id };
}
