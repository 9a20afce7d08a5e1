import "server-only";
import type { DbOrTx } from "@/lib/db/types";
import { readKeysetBatches } from "@/lib/csv/stream-csv";
import type { LineCursor } from "./line-cursor";
import { selectLines, sharesOfLine, type LineFilter, type StatementLine } from "./lines";
import type { StatementRange } from "./range-in-zone";

export const LINES_EXPORT_BATCH_SIZE = 2000;

export type LineWithShares = { line: StatementLine; shares: ReturnType<typeof sharesOfLine> };

/**
 * Every line of the range in time order, in keyset batches, each with its share of every figure:
 * what both downloads of the lines read.
 */
export async function* linesWithShares(
  db: DbOrTx,
  range: StatementRange,
  filter: LineFilter,
  batchSize = LINES_EXPORT_BATCH_SIZE,
): AsyncGenerator<LineWithShares[]> {
  const batches = readKeysetBatches<StatementLine, LineCursor>({
    fetchBatch: (cursor, limit) => selectLines(db, range, filter, { cursor, limit }),
    cursorAfter: (line) => ({ movedAt: line.cursorKey, id: line.id }),
    batchSize,
  });
  for await (const batch of batches) yield batch.map((line) => ({ line, shares: sharesOfLine(line) }));
}
