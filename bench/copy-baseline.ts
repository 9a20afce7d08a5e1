/**
 * The CSV export's baseline (issue 13, item 3): PostgreSQL writing the export's own query as CSV
 * itself, `COPY (…) TO STDOUT`, read through the same driver (node-postgres, with
 * pg-copy-streams). No batches, no JavaScript per row: the fastest the same rows can leave the
 * database for this process.
 */
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import type { Db } from "@/lib/db/types";
import { exportQuery } from "@/lib/invoices/csv-export";
import { round } from "./measure";

export interface CopyFigures {
  rows: number;
  bytes: number;
  seconds: number;
  rowsPerSecond: number;
}

export async function copyBaseline(db: Db, url: string, expectedRows: number): Promise<CopyFigures> {
  const { sql: text, params } = exportQuery(db, {}).toSQL();
  // COPY takes no parameters; the unfiltered export has none to inline.
  if (params.length > 0) throw new Error(`the export query has parameters: ${JSON.stringify(params)}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const start = process.hrtime.bigint();
    const stream = client.query(copyTo(`COPY (${text}) TO STDOUT WITH (FORMAT csv, HEADER)`));
    let bytes = 0;
    let newlines = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) newlines++;
    }
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const rows = newlines - 1;
    if (rows !== expectedRows) throw new Error(`COPY gave ${rows} rows, expected ${expectedRows}`);
    return { rows, bytes, seconds: round(seconds), rowsPerSecond: Math.round(rows / seconds) };
  } finally {
    await client.end();
  }
}
