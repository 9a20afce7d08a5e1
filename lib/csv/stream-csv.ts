import { stringify } from "csv-stringify/sync";

/**
 * A list as CSV, streamed: rows are read in keyset batches and each batch is written only when
 * the reader pulls, so memory stays flat whatever the size. Features bring their query and their
 * columns; the batching, the formula guard and the response headers live here.
 */

/** Column name -> the cell text for a row. Key order is the column order. */
export type CsvColumns<Row> = Record<string, (row: Row) => string>;

export interface KeysetSource<Row, Cursor> {
  /** Up to `limit` rows after `cursor` (the first page when undefined), in export order. */
  fetchBatch: (cursor: Cursor | undefined, limit: number) => Promise<Row[]>;
  /** The cursor after `row`; null when the row carries none, which ends the export. */
  cursorAfter: (row: Row) => Cursor | null;
  batchSize: number;
}

/**
 * Reads `batchSize` rows per query. The next query is sent as a batch is handed over, so the
 * database reads it while this one is written out: at most two batches are held at once.
 */
export async function* readKeysetBatches<Row, Cursor>({
  fetchBatch,
  cursorAfter,
  batchSize,
}: KeysetSource<Row, Cursor>): AsyncGenerator<Row[]> {
  // Promise.resolve: a drizzle query is a lazy thenable that runs only once something awaits it.
  const start = (cursor: Cursor | undefined) => Promise.resolve(fetchBatch(cursor, batchSize));
  let pending: Promise<Row[]> | undefined = start(undefined);
  try {
    while (pending) {
      const batch: Row[] = await pending;
      const last = batch.at(-1);
      const next = last === undefined ? null : cursorAfter(last);
      pending = batch.length === batchSize && next !== null ? start(next) : undefined;
      if (batch.length > 0) yield batch;
    }
  } finally {
    // A reader that stops early leaves the read-ahead behind: its failure is nobody's to report.
    pending?.catch(() => {});
  }
}

/** A spreadsheet would run `=HYPERLINK(...)` typed as a customer id: make such cells plain text. */
export function neutraliseFormula(value: string | null): string {
  if (value === null) return "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function csvStream<Row>(
  batches: AsyncGenerator<Row[]>,
  columns: CsvColumns<Row>,
): ReadableStream<Uint8Array> {
  const names = Object.keys(columns);
  const formats = Object.values(columns);
  const encoder = new TextEncoder();
  let headerWritten = false;
  const write = (rows: Row[]) => {
    const cells = rows.map((row) => formats.map((format) => format(row)));
    const text = stringify(cells, { header: !headerWritten, columns: names });
    headerWritten = true;
    // An empty result still gets its header line.
    return encoder.encode(text || `${names.join(",")}\n`);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await batches.next();
        if (next.done) {
          if (!headerWritten) controller.enqueue(write([]));
          controller.close();
          return;
        }
        controller.enqueue(write(next.value));
      },
      async cancel() {
        await batches.return(undefined);
      },
    },
    // Pull one batch at a time: the next query waits until the client has taken this one.
    { highWaterMark: 0 },
  );
}

/** `<prefix>-YYYYMMDD.csv`, the UTC date of `now`. */
export function csvFileName(prefix: string, now: Date): string {
  return `${prefix}-${now.toISOString().slice(0, 10).replace(/-/g, "")}.csv`;
}

/** A download that is never cached nor sniffed as anything but CSV. */
export function csvResponse(stream: ReadableStream<Uint8Array>, fileName: string): Response {
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
