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
    // On a phone, compact rows of about 90 px: order and amount, customer and status, when created.
    <Table className="table-compact sm:[&_td]:px-2 sm:[&_th]:px-2">
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
              <TableCell label="Order" className="min-w-0 whitespace-nowrap font-mono text-xs max-sm:order-1">
                <Link
                  href={`/invoices/${row.id}`}
                  className="font-medium underline-offset-4 after:absolute after:inset-0 after:rounded-lg after:content-[''] hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-slate-600"
                  title={row.orderId}
                >
                  {/* An order id of a hundred characters is cut short here, never the page made to scroll. */}
                  <span className="inline-block max-w-[14rem] truncate align-bottom max-sm:max-w-full">
                    {row.orderId}
                  </span>
                </Link>
              </TableCell>
              <TableCell label="Status" className="max-sm:order-4" data-phone="end">
                <InvoiceListStatus row={row} />
              </TableCell>
              <TableCell
                label="Amount"
                className="text-right tabular-nums max-sm:order-2 max-sm:font-semibold"
                data-phone="end"
              >
                <span className="grid justify-items-end">
                  <span className="whitespace-nowrap">{display.fiat(row.amount, row.fiatCurrency)}</span>
                  <PaidWhenItDiffers row={row} display={display} />
                </span>
              </TableCell>
              <TableCell label="Payments" className="text-right" data-phone="hide">
                <PaymentsAtAGlance row={row} display={display} />
              </TableCell>
              <TableCell label="Customer" className="whitespace-nowrap text-xs max-sm:order-3">
                <span
                  className="inline-block max-w-[8rem] truncate align-bottom max-sm:max-w-[14rem]"
                  title={row.customerEmail ?? row.customerId ?? undefined}
                >
                  {row.customerEmail ?? row.customerId ?? "—"}
                </span>
              </TableCell>
              <TableCell
                label="Created"
                className="whitespace-nowrap max-sm:order-5 max-sm:text-xs max-sm:text-slate-500"
              >
                <time dateTime={row.createdAt.toISOString()} title={display.dateTime(row.createdAt)}>
                  <span className="sm:block">{display.date(row.createdAt)}</span>{" "}
                  <span className="text-xs text-slate-500 sm:block">{display.timeOfDay(row.createdAt)}</span>
                </time>
              </TableCell>
              <TableCell
                label="Expires"
                className="whitespace-nowrap text-slate-600 max-sm:order-6"
                // Once it cannot be paid, its expiry is history: the phone's compact row leaves it out.
                data-phone={payable ? "end" : "hide"}
              >
                {payable && row.expiresAt && row.payUrl ? (
                  // While it can be paid, its link is one click away, above the row's own link.
                  <span className="grid justify-items-start gap-0.5 max-sm:flex max-sm:items-baseline max-sm:gap-3">
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
    // On a phone's compact row the status (Underpaid, Overpaid) says it; the invoice's page has the figures.
    <span className="whitespace-nowrap text-xs text-slate-500 max-sm:hidden">
      paid {display.fiat(paid, row.fiatCurrency)}
    </span>
  );
}
