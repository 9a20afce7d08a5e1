import "server-only";
import type { DbOrTx } from "@/lib/db/types";
import { decodeLineCursor, encodeLineCursor } from "./line-cursor";
import { selectLines, type LineFilter, type StatementLine } from "./lines";
import type { StatementRange } from "./range-in-zone";

export const LINES_PAGE_SIZE = 50;

export interface LinesPage {
  rows: StatementLine[];
  nextCursor: string | null;
  prevCursor: string | null;
}

const cursorOf = (line: StatementLine | undefined) =>
  line ? encodeLineCursor({ movedAt: line.cursorKey, id: line.id }) : null;

/** One page of lines, keyset-paginated in time order; a cursor that does not decode is the first page. */
export async function statementLinesPage(
  db: DbOrTx,
  range: StatementRange,
  filter: LineFilter,
  position: { cursor?: string; dir?: "prev" },
  limit = LINES_PAGE_SIZE,
): Promise<LinesPage> {
  const cursor = decodeLineCursor(position.cursor);
  const backward = cursor !== null && position.dir === "prev";
  const fetched = await selectLines(db, range, filter, { cursor, backward, limit: limit + 1 });
  const hasMore = fetched.length > limit;
  const rows = fetched.slice(0, limit);
  if (backward) {
    // Walking back reached the first lines: show a full first page rather than a short one.
    if (!hasMore) return statementLinesPage(db, range, filter, {}, limit);
    rows.reverse();
    return { rows, nextCursor: cursorOf(rows.at(-1)), prevCursor: cursorOf(rows[0]) };
  }
  return {
    rows,
    nextCursor: hasMore ? cursorOf(rows.at(-1)) : null,
    prevCursor: cursor ? cursorOf(rows[0]) : null,
  };
}
