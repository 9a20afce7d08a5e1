"use client";

import { useDisplay } from "@/components/display/display-provider";
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import type { InvoiceDetail } from "@/lib/invoices/invoice-detail";

/** The payments the invoice received: what a paid invoice leads with. */
export function TransactionsTable({
  transactions,
  currency,
}: {
  transactions: InvoiceDetail["transactions"];
  currency: string | null;
}) {
  const display = useDisplay();
  return (
    <section className="grid gap-3" aria-label="Payments">
      <h2 className="font-semibold">Payments</h2>
      <Table data-testid="transactions">
        <TableHeader>
          <TableRow>
            <TableHead className="text-right">Amount</TableHead>
            <TableHead>Seen</TableHead>
            <TableHead>Transaction hash</TableHead>
            <TableHead>From wallet</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {transactions.length === 0 ? (
            <TableEmpty colSpan={4}>No payment has arrived yet.</TableEmpty>
          ) : null}
          {transactions.map((transaction) => (
            <TableRow key={transaction.txid}>
              <TableCell label="Amount" className="whitespace-nowrap text-right font-medium tabular-nums">
                {currency ? display.crypto(transaction.amount, currency) : transaction.amount}
              </TableCell>
              <TableCell label="Seen" className="whitespace-nowrap">
                {display.dateTime(transaction.firstSeenAt)}
              </TableCell>
              <TableCell
                label="Transaction hash"
                className="max-w-64 truncate font-mono text-xs"
                title={transaction.txid}
              >
                <span className="block truncate">{transaction.txid}</span>
              </TableCell>
              <TableCell
                label="From wallet"
                className="max-w-48 truncate font-mono text-xs"
                title={transaction.sourceWallet ?? undefined}
              >
                <span className="block truncate">{transaction.sourceWallet ?? "—"}</span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
