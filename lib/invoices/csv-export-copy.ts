import "server-only";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { escapeLiteral, type Pool, type PoolClient } from "pg";
import { to as copyTo } from "pg-copy-streams";
import { invoices } from "@/lib/db/schema";
import { CSV_COLUMNS } from "./csv-export";
import type { InvoiceListFilter } from "./list-filter";
import { cursorKeySql, newestFirst, paymentSummarySql, whereClause } from "./list-query";

/**
 * The invoice export on PostgreSQL, written by the database itself: `COPY (…) TO STDOUT WITH CSV`
 * of the export's rows, read with backpressure (pg-copy-streams), so memory stays flat and no
 * JavaScript runs per row (four times the rows per second of formatting them here). Every cell
 * is what csv-export.ts's columns write, byte for byte (csv-export-copy.db.test.ts compares the
 * two on hostile data); PGlite, which has no COPY TO STDOUT stream, keeps that path.
 */

/** A text cell as neutraliseFormula writes it; NULL, not '', for nothing (COPY quotes ''). */
const guarded = (value: SQLWrapper) =>
  sql`nullif(case when left(${value}, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || ${value} else ${value} end, '')`;
const plain = (value: SQLWrapper) => sql`nullif((${value})::text, '')`;

/** Column name (the header) → its cell, in CSV_COLUMNS order. */
const cells: Record<(typeof CSV_COLUMNS)[number], SQL> = {
  order_id: guarded(invoices.orderId),
  invoice_id: guarded(invoices.serviceId),
  status: guarded(invoices.status),
  service_status: guarded(invoices.serviceStatus),
  amount: plain(invoices.amount),
  fiat_currency: guarded(invoices.fiatCurrency),
  paid_fiat_amount: plain(invoices.paidFiatAmount),
  crypto_amount: plain(invoices.cryptoAmount),
  paid_crypto_amount: plain(invoices.paidCryptoAmount),
  currency: guarded(invoices.currency),
  network: guarded(invoices.network),
  customer_id: guarded(invoices.customerId),
  customer_email: guarded(invoices.customerEmail),
  created_at: plain(cursorKeySql),
  // Date.toISOString() of what node-postgres reads: milliseconds, truncated.
  expires_at: sql`to_char(${invoices.expiresAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  pay_url: guarded(invoices.payUrl),
  payment_count: plain(paymentSummarySql.paymentCount),
  payments_total: plain(paymentSummarySql.paymentTotal),
  latest_txid: guarded(paymentSummarySql.latestTxid),
};

/** The COPY statement for `filter`. COPY takes no parameters: each is inlined as a quoted literal. */
export function copyStatement(filter: InvoiceListFilter): string {
  const columns = sql.join(
    CSV_COLUMNS.map((name) => sql`${cells[name]} as ${sql.identifier(name)}`),
    sql`, `,
  );
  const where = whereClause(filter);
  const query = sql`select ${columns} from ${invoices}${where ? sql` where ${where}` : sql``} order by ${sql.join(newestFirst, sql`, `)}`;
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  const inlined = text.replace(/\$(\d+)\b/g, (_, index: string) => literal(params[Number(index) - 1]));
  return `COPY (${inlined}) TO STDOUT WITH (FORMAT csv, HEADER)`;
}

function literal(value: unknown): string {
  if (value instanceof Date) return escapeLiteral(value.toISOString());
  if (typeof value === "string") return escapeLiteral(value);
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  throw new Error(`cannot inline ${typeof value} into a COPY statement`);
}

/**
 * The CSV of `filter`'s invoices from one pooled connection, released when the stream ends, and
 * discarded (not returned to the pool mid-COPY) when it fails or the reader goes away.
 */
export function copyExportStream(pool: Pool, filter: InvoiceListFilter): ReadableStream<Uint8Array> {
  const statement = copyStatement(filter);
  let client: PoolClient | undefined;
  let rows: AsyncIterator<Buffer> | undefined;
  let source: NodeJS.ReadableStream | undefined;
  const release = (broken: boolean) => {
    client?.release(broken);
    client = undefined;
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (!rows) {
            client = await pool.connect();
            const stream = client.query(copyTo(statement));
            source = stream;
            rows = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
          }
          const next = await rows.next();
          if (next.done) {
            release(false);
            controller.close();
          } else controller.enqueue(new Uint8Array(next.value));
        } catch (error) {
          release(true);
          throw error;
        }
      },
      cancel() {
        (source as { destroy?: () => void } | undefined)?.destroy?.();
        release(true);
      },
    },
    // One chunk at a time: the next is read from PostgreSQL once the client has taken this one.
    { highWaterMark: 0 },
  );
}
