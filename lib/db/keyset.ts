import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * Keyset pagination on (created_at, id), newest first, shared by every list and export. A page
 * costs the same on page 1 and page 40,000; nothing here uses OFFSET.
 *
 * The cursor is opaque: base64url of "<created_at>|<id>". created_at is carried as text with
 * microseconds, because PostgreSQL keeps microseconds and a JS Date only milliseconds: a cursor
 * rounded to the millisecond would skip or repeat rows.
 */
export interface KeysetCursor {
  /** ISO 8601 in UTC with up to six fractional digits, as PostgreSQL stores it. */
  createdAt: string;
  id: string;
}

export interface KeysetColumns {
  createdAt: PgColumn;
  id: PgColumn;
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

/** created_at as full-precision UTC text, for the cursor. */
export function cursorKeySql(createdAt: PgColumn): SQL<string> {
  return sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * "older": rows after the cursor in list order (next page); "newer": rows before it. A row
 * comparison, so PostgreSQL uses it as an index condition on (created_at, id).
 */
export function keysetCondition(columns: KeysetColumns, cursor: KeysetCursor, side: "older" | "newer"): SQL {
  const key = sql`(${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
  return side === "older"
    ? sql`(${columns.createdAt}, ${columns.id}) < ${key}`
    : sql`(${columns.createdAt}, ${columns.id}) > ${key}`;
}

/**
 * The keyset indexes are DESC NULLS LAST (drizzle's default); a plain DESC means NULLS FIRST and
 * would not match them, turning every page into a sort of all matching rows. The columns are NOT
 * NULL, so the NULLS clause changes nothing but the plan.
 */
export function keysetOrder(columns: KeysetColumns): { newestFirst: SQL[]; oldestFirst: SQL[] } {
  return {
    newestFirst: [sql`${columns.createdAt} desc nulls last`, sql`${columns.id} desc nulls last`],
    oldestFirst: [sql`${columns.createdAt} asc nulls first`, sql`${columns.id} asc nulls first`],
  };
}

export interface KeysetPage<Row> {
  rows: Row[];
  /** Cursor of the page after this one, or null on the last page. */
  nextCursor: string | null;
  /** Cursor for `dir=prev`, or null on the first page. */
  prevCursor: string | null;
}

export interface KeysetRequest {
  limit: number;
  cursor?: string;
  /** "prev": the page before `cursor`. */
  dir?: "next" | "prev";
}

/**
 * One page: `fetch` runs the list's own query with the keyset condition and order it is given.
 * A cursor that does not decode is ignored (first page).
 */
export async function keysetPage<Row extends { id: string; cursorKey: string }>(
  request: KeysetRequest,
  columns: KeysetColumns,
  fetch: (keyset: SQL | undefined, order: SQL[], limit: number) => Promise<Row[]>,
): Promise<KeysetPage<Row>> {
  const cursor = decodeCursor(request.cursor);
  const backward = cursor !== null && request.dir === "prev";
  const keyset = cursor ? keysetCondition(columns, cursor, backward ? "newer" : "older") : undefined;
  const { newestFirst, oldestFirst } = keysetOrder(columns);
  const fetched = await fetch(keyset, backward ? oldestFirst : newestFirst, request.limit + 1);
  const hasMore = fetched.length > request.limit;
  const rows = fetched.slice(0, request.limit);
  const cursorOf = (row: Row | undefined) =>
    row ? encodeCursor({ createdAt: row.cursorKey, id: row.id }) : null;

  if (backward) {
    // Walking back reached the newest rows: show a full first page rather than a short one.
    if (!hasMore) return keysetPage({ ...request, cursor: undefined, dir: undefined }, columns, fetch);
    rows.reverse();
    return { rows, nextCursor: cursorOf(rows.at(-1)), prevCursor: cursorOf(rows[0]) };
  }
  return {
    rows,
    nextCursor: hasMore ? cursorOf(rows.at(-1)) : null,
    prevCursor: cursor ? cursorOf(rows[0]) : null,
  };
}
