/**
 * The opaque keyset cursor of the invoice list: base64url of "<created_at>|<id>". created_at is
 * carried as text with microseconds, because PostgreSQL keeps microseconds and a JS Date only
 * milliseconds: a cursor rounded to the millisecond would skip or repeat rows.
 */
export interface KeysetCursor {
  /** ISO 8601 in UTC with up to six fractional digits, as PostgreSQL stores it. */
  createdAt: string;
  id: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(cursor: KeysetCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, "utf8").toString("base64url");
}

/** The cursor, or null for anything that is not one we could have written (a tampered URL). */
export function decodeCursor(value: string | undefined | null): KeysetCursor | null {
  if (!value || value.length > 200 || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  const [createdAt, id, ...rest] = Buffer.from(value, "base64url").toString("utf8").split("|");
  if (rest.length > 0 || !createdAt || !id) return null;
  if (!TIMESTAMP.test(createdAt) || !UUID.test(id)) return null;
  if (Number.isNaN(Date.parse(createdAt))) return null;
  return { createdAt, id: id.toLowerCase() };
}
