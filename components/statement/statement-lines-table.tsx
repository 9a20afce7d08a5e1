import Link from "next/link";
import { DateTime } from "@/components/display/date-time";
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { LINE_TYPE_MEANINGS } from "@/lib/statement/line-types";
import { sharesOfLine, type StatementLine } from "@/lib/statement/lines";
import { ExactMoney } from "./exact-money";

const LINK = "underline-offset-4 hover:underline";

/** The one figure other than fees a line counts in (a line counts in at most one). */
function amountOf(shares: ReturnType<typeof sharesOfLine>) {
  return [shares.received, shares.refunded, shares.paid_out].find((share) => !share.isZero());
}

/**
 * Ledger entries that change the balance, one per row, oldest first: when, what, its share of a
 * figure (signed as the figure counts it), its fee, what it did to the balance, and what it
 * belongs to.
 */
export function StatementLinesTable({ lines }: { lines: StatementLine[] }) {
  return (
    <Table data-testid="statement-lines">
      <caption className="sr-only">Lines, oldest first</caption>
      <TableHeader>
        <TableRow>
          <TableHead>When</TableHead>
          <TableHead>What</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead className="text-right">Fee</TableHead>
          <TableHead className="text-right">Balance change</TableHead>
          <TableHead>Invoice</TableHead>
          <TableHead>Payout</TableHead>
          <TableHead>Transaction</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.length === 0 ? <TableEmpty colSpan={8}>No lines in this period.</TableEmpty> : null}
        {lines.map((line) => {
          const shares = sharesOfLine(line);
          const amount = amountOf(shares);
          return (
            <TableRow key={line.id} data-testid="statement-line">
              <TableCell label="When" className="whitespace-nowrap">
                <DateTime value={line.movedAt} seconds />
              </TableCell>
              <TableCell label="What" className="min-w-56">
                {LINE_TYPE_MEANINGS[line.lineType].words}
              </TableCell>
              <TableCell label="Amount" className="text-right tabular-nums">
                {amount ? (
                  <ExactMoney amount={amount.toFixed()} unit={line.currency} className="whitespace-nowrap" />
                ) : (
                  "—"
                )}
              </TableCell>
              <TableCell label="Fee" className="text-right tabular-nums">
                {shares.fees.isZero() ? (
                  "—"
                ) : (
                  <ExactMoney
                    amount={shares.fees.toFixed()}
                    unit={line.currency}
                    className="whitespace-nowrap"
                  />
                )}
              </TableCell>
              <TableCell label="Balance change" className="text-right tabular-nums">
                <ExactMoney
                  amount={shares.balance.toFixed()}
                  unit={line.currency}
                  className="whitespace-nowrap"
                />
              </TableCell>
              <TableCell label="Invoice" className="font-mono text-xs">
                {line.invoiceId && line.invoiceOrderId ? (
                  <Link href={`/invoices/${line.invoiceId}`} className={LINK}>
                    {line.invoiceOrderId}
                  </Link>
                ) : (
                  "—"
                )}
              </TableCell>
              <TableCell label="Payout" className="font-mono text-xs">
                {line.withdrawalId && line.payoutOrderId ? (
                  <Link href={`/withdrawals/${line.withdrawalId}`} className={LINK}>
                    {line.payoutOrderId}
                  </Link>
                ) : (
                  "—"
                )}
              </TableCell>
              <TableCell
                label="Transaction"
                className="max-w-48 truncate font-mono text-xs"
                title={line.txid ?? undefined}
              >
                {line.txid ?? "—"}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
