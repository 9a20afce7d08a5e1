import {
  type CsvColumns,
  csvFileName,
  csvStream,
  neutraliseFormula,
  readKeysetBatches,
} from "@/lib/csv/stream-csv";
import { invoices } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import type { KeysetCursor } from "@/lib/db/keyset";
import type { InvoiceListFilter } from "./list-filter";
import { cursorKeySql, keysetCondition, newestFirst, paymentSummarySql, whereClause } from "./list-query";

/**
 * The invoice list as CSV, streamed (see lib/csv/stream-csv): this file holds only its query and
 * its columns. Amounts are the DB's decimal strings, never floats.
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
  customer_email: invoices.customerEmail,
  created_at: cursorKeySql,
  expires_at: invoices.expiresAt,
  pay_url: invoices.payUrl,
  payment_count: paymentSummarySql.paymentCount,
  payments_total: paymentSummarySql.paymentTotal,
  latest_txid: paymentSummarySql.latestTxid,
};

type ExportRow = {
  [K in keyof typeof exportColumns]: K extends "expires_at"
    ? Date | null
    : K extends "payment_count"
      ? number
      : string | null;
};

/** Key order is the file's column order. */
const csvColumns = {
  order_id: (row) => neutraliseFormula(row.order_id),
  invoice_id: (row) => neutraliseFormula(row.invoice_id),
  status: (row) => neutraliseFormula(row.status),
  service_status: (row) => neutraliseFormula(row.service_status),
  amount: (row) => row.amount ?? "",
  fiat_currency: (row) => neutraliseFormula(row.fiat_currency),
  paid_fiat_amount: (row) => row.paid_fiat_amount ?? "",
  crypto_amount: (row) => row.crypto_amount ?? "",
  paid_crypto_amount: (row) => row.paid_crypto_amount ?? "",
  currency: (row) => neutraliseFormula(row.currency),
  network: (row) => neutraliseFormula(row.network),
  customer_id: (row) => neutraliseFormula(row.customer_id),
  customer_email: (row) => neutraliseFormula(row.customer_email),
  created_at: (row) => row.created_at ?? "",
  expires_at: (row) => row.expires_at?.toISOString() ?? "",
  pay_url: (row) => neutraliseFormula(row.pay_url),
  payment_count: (row) => String(row.payment_count),
  payments_total: (row) => row.payments_total ?? "",
  latest_txid: (row) => neutraliseFormula(row.latest_txid),
} satisfies CsvColumns<ExportRow>;

export const CSV_COLUMNS = Object.keys(csvColumns) as (keyof typeof csvColumns)[];

/** The export's query: the filtered invoices newest first, only those older than `cursor` if given. */
export function exportQuery(db: DbOrTx, filter: InvoiceListFilter, cursor?: KeysetCursor) {
  return db
    .select(exportColumns)
    .from(invoices)
    .where(whereClause(filter, cursor ? keysetCondition(cursor, "older") : undefined))
    .orderBy(...newestFirst);
}

/** Reads the filtered invoices newest first, `batchSize` rows per query. */
export function readExportBatches(
  db: DbOrTx,
  filter: InvoiceListFilter,
  batchSize = CSV_EXPORT_BATCH_SIZE,
): AsyncGenerator<ExportRow[]> {
  return readKeysetBatches<ExportRow, KeysetCursor>({
    fetchBatch: (cursor, limit) => exportQuery(db, filter, cursor).limit(limit),
    cursorAfter: (last) => (last.id && last.created_at ? { createdAt: last.created_at, id: last.id } : null),
    batchSize,
  });
}

export function exportCsvStream(
  db: DbOrTx,
  filter: InvoiceListFilter,
  batchSize = CSV_EXPORT_BATCH_SIZE,
): ReadableStream<Uint8Array> {
  return csvStream(readExportBatches(db, filter, batchSize), csvColumns);
}

export function exportFileName(now: Date): string {
  return csvFileName("invoices", now);
}
