/**
 * Where a page of a statement's lines starts: opaque in the URL, base64url of
 * "<moved_at>|<entry id>". moved_at is carried as text with microseconds, as PostgreSQL keeps it
 * (a JS Date would round it to the millisecond and skip or repeat lines).
 */
export interface LineCursor {
  movedAt: string;
  id: number;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const ENTRY_ID = /^[1-9]\d{0,15}$/;

export function encodeLineCursor(cursor: LineCursor): string {
  return Buffer.from(`${cursor.movedAt}|${cursor.id}`, "utf8").toString("base64url");
}

/** The cursor, or null for anything this code could not have written (a tampered URL). */
export function decodeLineCursor(value: string | undefined): LineCursor | null {
  if (!value || value.length > 200 || !/^[A-Za-z0-9_-]+$/.test(value)) return null;
  const [movedAt, id, ...rest] = Buffer.from(value, "base64url").toString("utf8").split("|");
  if (rest.length > 0 || !movedAt || !id || !TIMESTAMP.test(movedAt) || !ENTRY_ID.test(id)) return null;
  if (Number.isNaN(Date.parse(movedAt))) return null;
  return { movedAt, id: Number(id) };
}
