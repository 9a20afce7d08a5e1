import { stringify } from "csv-stringify/sync";
import { invoices } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import type { KeysetCursor } from "./list-cursor";
import type { InvoiceListFilter } from "./list-filter";
import { cursorKeySql, keysetCondition, newestFirst, whereClause } from "./list-query";

/**
 * The invoice list as CSV, streamed: rows are read in keyset batches and each batch is written
 * when the reader pulls, so memory stays flat whatever the size. Amounts are the DB's decimal
 * strings, never floats.
 */
export const CSV_EXPORT_BATCH_SIZE = 1000;

const exportColumns = {
  id: invoices.id,
  order_id: invoices.orderId,
  invoice_id: invoices.serviceId,
  status: invoices.status,
  service_status: invoices.serviceStatus,
  amount: invoices.amount,
  fiat_currency: invoices.fiatCurrency,
  paid_fiat_amount: invoices.paidFiatAmount,
  crypto_amount: invoices.cryptoAmount,
  paid_crypto_amount: invoices.paidCryptoAmount,
  currency: invoices.currency,
  network: invoices.network,
  customer_id: invoices.customerId,
  created_at: cursorKeySql,
  expires_at: invoices.expiresAt,
  pay_url: invoices.payUrl,
};

export const CSV_COLUMNS = [
  "order_id",
  "invoice_id",
  "status",
  "service_status",
  "amount",
  "fiat_currency",
  "paid_fiat_amount",
  "crypto_amount",
  "paid_crypto_amount",
  "currency",
  "network",
  "customer_id",
  "created_at",
  "expires_at",
  "pay_url",
] as const;

type ExportRow = {
  [K in keyof typeof exportColumns]: K extends "expires_at" ? Date | null : string | null;
};

/** Reads the filtered invoices newest first, `batchSize` rows per query. */
export async function* readInvoiceBatches(
  db: DbOrTx,
  filter: InvoiceListFilter,
  batchSize = CSV_EXPORT_BATCH_SIZE,
): AsyncGenerator<ExportRow[]> {
  let cursor: KeysetCursor | undefined;
  for (;;) {
    const batch: ExportRow[] = await db
      .select(exportColumns)
      .from(invoices)
      .where(whereClause(filter, cursor && keysetCondition(cursor, "older")))
      .orderBy(...newestFirst)
      .limit(batchSize);
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (batch.length < batchSize || !last?.id || !last.created_at) return;
    cursor = { createdAt: last.created_at, id: last.id };
  }
}

/** A spreadsheet would run `=HYPERLINK(...)` typed as a customer id: make such cells plain text. */
export function neutraliseFormula(value: string | null): string {
  if (value === null) return "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function toCsvRecord(row: ExportRow): Record<(typeof CSV_COLUMNS)[number], string> {
  return {
    order_id: neutraliseFormula(row.order_id),
    invoice_id: neutraliseFormula(row.invoice_id),
    status: neutraliseFormula(row.status),
    service_status: neutraliseFormula(row.service_status),
    amount: row.amount ?? "",
    fiat_currency: neutraliseFormula(row.fiat_currency),
    paid_fiat_amount: row.paid_fiat_amount ?? "",
    crypto_amount: row.crypto_amount ?? "",
    paid_crypto_amount: row.paid_crypto_amount ?? "",
    currency: neutraliseFormula(row.currency),
    network: neutraliseFormula(row.network),
    customer_id: neutraliseFormula(row.customer_id),
    created_at: row.created_at ?? "",
    expires_at: row.expires_at?.toISOString() ?? "",
    pay_url: neutraliseFormula(row.pay_url),
  };
}

export function invoiceCsvStream(
  db: DbOrTx,
  filter: InvoiceListFilter,
  batchSize = CSV_EXPORT_BATCH_SIZE,
): ReadableStream<Uint8Array> {
  const batches = readInvoiceBatches(db, filter, batchSize);
  const encoder = new TextEncoder();
  let headerWritten = false;
  const write = (records: ExportRow[]) => {
    const text = stringify(records.map(toCsvRecord), {
      header: !headerWritten,
      columns: [...CSV_COLUMNS],
    });
    headerWritten = true;
    // An empty result still gets its header line.
    return encoder.encode(text || `${CSV_COLUMNS.join(",")}\n`);
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

export function exportFileName(now: Date): string {
  return `invoices-${now.toISOString().slice(0, 10).replace(/-/g, "")}.csv`;
}
