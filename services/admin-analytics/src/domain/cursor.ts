/**
 * Page cursors: the sort key of the last item of a page (`createdAt|userId`, `occurredAt|eventId`),
 * base64url-encoded. The next page is the keys below it, a range on the key's index.
 */
const SORT_KEY = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\|.+$/;

export function encodeCursor(sortKey: string): string {
  return Buffer.from(sortKey, "utf8").toString("base64url");
}

/** The sort key in a cursor; undefined when the text is not a cursor this service made. */
export function decodeCursor(cursor: string): string | undefined {
  const sortKey = Buffer.from(cursor, "base64url").toString("utf8");
  return SORT_KEY.test(sortKey) && encodeCursor(sortKey) === cursor ? sortKey : undefined;
}
