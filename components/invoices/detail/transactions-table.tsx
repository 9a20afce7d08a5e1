import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { formatDateTime } from "@/lib/format";
import type { InvoiceDetail } from "@/lib/invoices/invoice-detail";

export function TransactionsTable({
  transactions,
  currency,
}: {
  transactions: InvoiceDetail["transactions"];
  currency: string | null;
}) {
  return (
    <section className="grid gap-3" aria-label="Transactions">
      <h2 className="font-semibold">Transactions</h2>
      <Table data-testid="transactions">
        <TableHeader>
          <TableRow>
            <TableHead>Transaction hash</TableHead>
            <TableHead>From wallet</TableHead>
            <TableHead className="text-right">Amount</TableHead>
            <TableHead>Seen</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {transactions.length === 0 ? (
            <TableEmpty colSpan={4}>No payment has arrived yet.</TableEmpty>
          ) : null}
          {transactions.map((transaction) => (
            <TableRow key={transaction.txid}>
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
              <TableCell label="Amount" className="text-right">
                {transaction.amount} {currency ?? ""}
              </TableCell>
              <TableCell label="Seen">{formatDateTime(transaction.firstSeenAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
