import "server-only";
import { stringify } from "csv-stringify/sync";
import { csvStream, neutraliseFormula, type CsvColumns } from "@/lib/csv/stream-csv";
import type { DbOrTx } from "@/lib/db/types";
import type { StatementRow } from "./figures";
import { isoInZone } from "./iso-in-zone";
import { LINE_TYPE_MEANINGS } from "./line-types";
import type { LineFilter } from "./lines";
import { linesWithShares, type LineWithShares } from "./lines-source";
import type { StatementRange } from "./range-in-zone";

/**
 * The statement as CSV: times in ISO 8601 with the reader's offset, amounts as plain decimals
 * (exact, signed), and every text that came from outside guarded against spreadsheet formulas.
 */

type SummaryRow = { range: StatementRange; row: StatementRow };

export const summaryColumns = {
  currency: ({ row }) => neutraliseFormula(row.currency),
  network: ({ row }) => neutraliseFormula(row.network),
  first_day: ({ range }) => range.period.from,
  last_day: ({ range }) => range.period.to,
  time_zone: ({ range }) => range.timeZone,
  starts_at: ({ range }) => isoInZone(range.start, range.timeZone),
  ends_before: ({ range }) => isoInZone(range.end, range.timeZone),
  opening_balance: ({ row }) => row.opening.toFixed(),
  received: ({ row }) => row.figures.received.toFixed(),
  refunded: ({ row }) => row.figures.refunded.toFixed(),
  paid_out: ({ row }) => row.figures.paid_out.toFixed(),
  fees: ({ row }) => row.figures.fees.toFixed(),
  payouts_fee_not_reported: ({ row }) => String(row.feesNotReported),
  closing_balance: ({ row }) => row.closing.toFixed(),
} satisfies CsvColumns<SummaryRow>;

export function summaryCsv(range: StatementRange, rows: readonly StatementRow[]): string {
  const names = Object.keys(summaryColumns) as (keyof typeof summaryColumns)[];
  const cells = rows.map((row) => names.map((name) => summaryColumns[name]({ range, row })));
  return stringify([names, ...cells]);
}

/** A line's columns: its share of each figure and of the balance, so each column sums to the summary's. */
export function lineColumns(timeZone: string) {
  return {
    moved_at: ({ line }) => isoInZone(line.movedAt, timeZone),
    what: ({ line }) => LINE_TYPE_MEANINGS[line.lineType].words,
    currency: ({ line }) => neutraliseFormula(line.currency),
    network: ({ line }) => neutraliseFormula(line.network),
    received: ({ shares }) => shares.received.toFixed(),
    refunded: ({ shares }) => shares.refunded.toFixed(),
    paid_out: ({ shares }) => shares.paid_out.toFixed(),
    fee: ({ shares }) => shares.fees.toFixed(),
    balance_change: ({ shares }) => shares.balance.toFixed(),
    invoice_order_id: ({ line }) => neutraliseFormula(line.invoiceOrderId),
    payout_order_id: ({ line }) => neutraliseFormula(line.payoutOrderId),
    transaction_id: ({ line }) => neutraliseFormula(line.txid),
    kind: ({ line }) => line.kind,
    from_account: ({ line }) => neutraliseFormula(line.fromAccount),
    to_account: ({ line }) => neutraliseFormula(line.toAccount),
    recorded_at: ({ line }) => isoInZone(line.recordedAt, timeZone),
    entry_id: ({ line }) => String(line.id),
  } satisfies CsvColumns<LineWithShares>;
}

export function linesCsvStream(
  db: DbOrTx,
  range: StatementRange,
  filter: LineFilter,
): ReadableStream<Uint8Array> {
  return csvStream(linesWithShares(db, range, filter), lineColumns(range.timeZone));
}
