import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  type CsvColumns,
  csvFileName,
  csvStream,
  neutraliseFormula,
  readKeysetBatches,
} from "@/lib/csv/stream-csv";
import { invoices, ledgerEntries, users, withdrawals } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import type { KeysetCursor } from "@/lib/db/keyset";
import type { WithdrawalListFilter } from "./list-filter";
import { cursorKeySql, keysetCondition, newestFirst, whereClause } from "./list-query";

/**
 * The withdrawal list as CSV, streamed (see lib/csv/stream-csv): this file holds only its query
 * and its columns. Amounts are the DB's decimal strings, never floats; every text a
 * person or the service typed is guarded against spreadsheet formulas.
 */
export const CSV_EXPORT_BATCH_SIZE = 1000;

/** The payout a row was sent again for (Send again), for its order id. */
const resentFor = alias(withdrawals, "resent_for");

/**
 * When a paid payout was paid: the time its paid entry in the ledger says the money moved (the
 * service's report, or when finance recorded it). Qualified by hand: Drizzle leaves a one-table
 * select's columns bare.
 */
const paidAtSql = sql<
  string | null
>`case when ${withdrawals.state} = 'paid' then (select to_char(max(paid.moved_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from ${ledgerEntries} as paid where paid.withdrawal_id = "withdrawals"."id" and paid.kind = 'paid') end`;

const exportColumns = {
  id: withdrawals.id,
  order_id: withdrawals.orderId,
  state: withdrawals.state,
  service_status: withdrawals.serviceStatus,
  service_id: withdrawals.serviceId,
  amount: withdrawals.amount,
  fiat_amount: withdrawals.fiatAmount,
  fiat_currency: withdrawals.fiatCurrency,
  service_amount: withdrawals.serviceAmount,
  fee: withdrawals.serviceFee,
  amount_received: withdrawals.servicePayoutAmount,
  transaction_id: withdrawals.serviceTxid,
  paid_at: paidAtSql,
  currency: withdrawals.currency,
  network: withdrawals.network,
  address: withdrawals.address,
  is_subtract: withdrawals.isSubtract,
  customer_id: withdrawals.customerId,
  refund_of_invoice: invoices.orderId,
  resend_of: resentFor.orderId,
  requested_by: users.email,
  reason: withdrawals.reason,
  created_at: cursorKeySql,
};

function selectBatch(
  db: DbOrTx,
  filter: WithdrawalListFilter,
  cursor: KeysetCursor | undefined,
  limit: number,
) {
  return db
    .select(exportColumns)
    .from(withdrawals)
    .leftJoin(users, eq(users.id, withdrawals.requestedBy))
    .leftJoin(invoices, eq(invoices.id, withdrawals.refundOfInvoiceId))
    .leftJoin(resentFor, eq(resentFor.id, withdrawals.resendOfWithdrawalId))
    .where(whereClause(filter, cursor && keysetCondition(cursor, "older")))
    .orderBy(...newestFirst)
    .limit(limit);
}
type ExportRow = Awaited<ReturnType<typeof selectBatch>>[number];

/** Key order is the file's column order. */
const csvColumns = {
  order_id: (row) => neutraliseFormula(row.order_id),
  state: (row) => row.state,
  service_status: (row) => neutraliseFormula(row.service_status),
  service_id: (row) => neutraliseFormula(row.service_id),
  amount: (row) => row.amount ?? "",
  fiat_amount: (row) => row.fiat_amount ?? "",
  fiat_currency: (row) => neutraliseFormula(row.fiat_currency),
  service_amount: (row) => row.service_amount ?? "",
  // Empty where the service reported no fee (fee_reported false): never taken as 0.
  fee: (row) => row.fee ?? "",
  fee_reported: (row) => (row.fee === null ? "false" : "true"),
  amount_received: (row) => row.amount_received ?? "",
  transaction_id: (row) => neutraliseFormula(row.transaction_id),
  paid_at: (row) => row.paid_at ?? "",
  currency: (row) => neutraliseFormula(row.currency),
  network: (row) => neutraliseFormula(row.network),
  address: (row) => neutraliseFormula(row.address),
  is_subtract: (row) => (row.is_subtract ? "true" : "false"),
  customer_id: (row) => neutraliseFormula(row.customer_id),
  refund_of_invoice: (row) => neutraliseFormula(row.refund_of_invoice),
  resend_of: (row) => neutraliseFormula(row.resend_of),
  requested_by: (row) => neutraliseFormula(row.requested_by),
  reason: (row) => neutraliseFormula(row.reason),
  created_at: (row) => row.created_at,
} satisfies CsvColumns<ExportRow>;

export const CSV_COLUMNS = Object.keys(csvColumns) as (keyof typeof csvColumns)[];

/** Reads the filtered withdrawals newest first, `batchSize` rows per query. */
export function readExportBatches(
  db: DbOrTx,
  filter: WithdrawalListFilter,
  batchSize = CSV_EXPORT_BATCH_SIZE,
): AsyncGenerator<ExportRow[]> {
  return readKeysetBatches<ExportRow, KeysetCursor>({
    fetchBatch: (cursor, limit) => selectBatch(db, filter, cursor, limit),
    cursorAfter: (last) => ({ createdAt: last.created_at, id: last.id }),
    batchSize,
  });
}

export function exportCsvStream(
  db: DbOrTx,
  filter: WithdrawalListFilter,
  batchSize = CSV_EXPORT_BATCH_SIZE,
): ReadableStream<Uint8Array> {
  return csvStream(readExportBatches(db, filter, batchSize), csvColumns);
}

export function exportFileName(now: Date): string {
  return csvFileName("withdrawals", now);
}
