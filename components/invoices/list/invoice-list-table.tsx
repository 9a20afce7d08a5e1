import { format } from "date-fns";
import Link from "next/link";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { InvoiceListRow } from "@/lib/invoices/list-invoices";
import { formatExpiry } from "@/lib/invoices/list-format";
import { CopyPayLinkButton } from "./copy-pay-link-button";
import { InvoiceListStatus } from "./invoice-list-status";
import { PaymentsAtAGlance } from "./payments-at-a-glance";

export function InvoiceListTable({ rows, now }: { rows: InvoiceListRow[]; now: Date }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Status</TableHead>
          <TableHead>Order</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead className="text-right">Paid</TableHead>
          <TableHead className="text-right">Payments</TableHead>
          <TableHead>Customer</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>Expires</TableHead>
          <TableHead className="text-right">
            <span className="sr-only">Payment link</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell label="Status">
              <InvoiceListStatus row={row} />
            </TableCell>
            <TableCell label="Order" className="font-mono text-xs">
              <Link href={`/invoices/${row.id}`} className="underline-offset-4 hover:underline">
                {row.orderId}
              </Link>
            </TableCell>
            <TableCell label="Amount" className="text-right tabular-nums">
              {row.amount} {row.fiatCurrency}
            </TableCell>
            <TableCell label="Paid" className="text-right tabular-nums">
              {row.paidFiatAmount ? `${row.paidFiatAmount} ${row.fiatCurrency}` : "—"}
            </TableCell>
            <TableCell label="Payments" className="text-right">
              <PaymentsAtAGlance row={row} />
            </TableCell>
            <TableCell label="Customer" className="font-mono text-xs">
              {row.customerId ?? "—"}
            </TableCell>
            <TableCell label="Created" className="whitespace-nowrap">
              <time dateTime={row.createdAt.toISOString()}>{format(row.createdAt, "d MMM yyyy, HH:mm")}</time>
            </TableCell>
            <TableCell label="Expires" className="whitespace-nowrap text-slate-600">
              {row.expiresAt ? (
                <time dateTime={row.expiresAt.toISOString()} title={row.expiresAt.toISOString()}>
                  {formatExpiry(row.expiresAt, now)}
                </time>
              ) : (
                "—"
              )}
            </TableCell>
            <TableCell className="text-right">
              {row.payUrl ? (
                <span className="inline-flex flex-col items-end gap-1 whitespace-nowrap max-sm:items-start">
                  <a
                    href={row.payUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-sm underline underline-offset-2"
                    aria-label={`Open payment page of ${row.orderId} (new tab)`}
                  >
                    Open payment page
                  </a>
                  <CopyPayLinkButton payUrl={row.payUrl} orderId={row.orderId} />
                </span>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
