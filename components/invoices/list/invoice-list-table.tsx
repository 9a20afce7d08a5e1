import Decimal from "decimal.js";
import Link from "next/link";
import { isPositiveAmount } from "@/lib/currencies/amount-rules";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { currentDisplay } from "@/lib/display/current-display";
import type { DisplayFormatter } from "@/lib/display/formatter";
import type { InvoiceListRow } from "@/lib/invoices/list-invoices";
import { formatExpiry } from "@/lib/invoices/list-format";
import { CopyPayLinkButton } from "./copy-pay-link-button";
import { InvoiceListStatus } from "./invoice-list-status";
import { PaymentsAtAGlance } from "./payments-at-a-glance";

/**
 * The invoice list. Each row is a link to its invoice: the order id in the first cell is a real
 * link (the keyboard's and the screen reader's way in), stretched over the whole row for the
 * pointer; the row's own controls sit above it. Amounts, ids and times never wrap.
 */
export async function InvoiceListTable({ rows, now }: { rows: InvoiceListRow[]; now: Date }) {
  const display = await currentDisplay();
  return (
    // Seven columns at 1280: a little less padding between them keeps the widest rows on the page.
    <Table className="sm:[&_td]:px-2 sm:[&_th]:px-2">
      <TableHeader>
        <TableRow>
          <TableHead>Order</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead className="text-right">Payments</TableHead>
          <TableHead>Customer</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>Expires</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => {
          const payable = row.creationState === "created" && !row.isFinal && row.payUrl;
          return (
            <TableRow key={row.id} className="relative">
              <TableCell label="Order" className="whitespace-nowrap font-mono text-xs">
                <Link
                  href={`/invoices/${row.id}`}
                  className="font-medium underline-offset-4 after:absolute after:inset-0 after:rounded-lg after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-slate-600"
                  title={row.orderId}
                >
                  {/* An order id of a hundred characters is cut short here, never the page made to scroll. */}
                  <span className="inline-block max-w-[14rem] truncate align-bottom">{row.orderId}</span>
                </Link>
              </TableCell>
              <TableCell label="Status">
                <InvoiceListStatus row={row} />
              </TableCell>
              <TableCell label="Amount" className="text-right tabular-nums">
                <span className="grid justify-items-end">
                  <span className="whitespace-nowrap">{display.fiat(row.amount, row.fiatCurrency)}</span>
                  <PaidWhenItDiffers row={row} display={display} />
                </span>
              </TableCell>
              <TableCell label="Payments" className="text-right">
                <PaymentsAtAGlance row={row} display={display} />
              </TableCell>
              <TableCell label="Customer" className="whitespace-nowrap font-mono text-xs">
                <span
                  className="inline-block max-w-[8rem] truncate align-bottom"
                  title={row.customerId ?? undefined}
                >
                  {row.customerId ?? "—"}
                </span>
              </TableCell>
              <TableCell label="Created" className="whitespace-nowrap">
                <time dateTime={row.createdAt.toISOString()} title={display.dateTime(row.createdAt)}>
                  <span className="sm:block">{display.date(row.createdAt)}</span>{" "}
                  <span className="text-xs text-slate-500 sm:block">{display.timeOfDay(row.createdAt)}</span>
                </time>
              </TableCell>
              <TableCell label="Expires" className="whitespace-nowrap text-slate-600">
                {payable && row.expiresAt && row.payUrl ? (
                  // While it can be paid, its link is one click away, above the row's own link.
                  <span className="grid justify-items-start gap-0.5 max-sm:justify-items-end">
                    <time dateTime={row.expiresAt.toISOString()} title={display.dateTime(row.expiresAt)}>
                      {formatExpiry(row, now)}
                    </time>
                    <span className="relative z-10">
                      <CopyPayLinkButton payUrl={row.payUrl} orderId={row.orderId} />
                    </span>
                  </span>
                ) : (
                  formatExpiry(row, now)
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** What the customer paid, under the amount, only when it is not simply the amount asked. */
function PaidWhenItDiffers({ row, display }: { row: InvoiceListRow; display: DisplayFormatter }) {
  const paid = row.paidFiatAmount;
  if (paid === null || !isPositiveAmount(paid) || new Decimal(paid).eq(row.amount)) return null;
  return (
    <span className="whitespace-nowrap text-xs text-slate-500">
      paid {display.fiat(paid, row.fiatCurrency)}
    </span>
  );
}
