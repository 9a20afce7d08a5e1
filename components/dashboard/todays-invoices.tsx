import Link from "next/link";
import { Money } from "@/components/display/money";
import { RelativeTime } from "@/components/display/relative-time";
import { InvoiceStatusBadge } from "@/components/invoices/invoice-status-badge";
import { Button } from "@/components/ui/button";
import { asInvoiceStatus } from "@/lib/invoices/status";
import type { ResolutionKind } from "@/lib/db/schema";

export interface TodaysInvoice {
  id: string;
  orderId: string;
  status: string;
  /** The resolution in force, for the badge (Refunded, Resolved). */
  resolution: ResolutionKind | null;
  amount: string;
  fiatCurrency: string;
  customerId: string | null;
  createdAt: string;
}

/**
 * The invoices this person created today, in their own time zone, newest first: what support
 * follows up on during the day.
 */
export function TodaysInvoices({
  rows,
  more,
  zone,
  today,
}: {
  rows: TodaysInvoice[];
  /** There are more today than shown: the invoice list has them all. */
  more: boolean;
  /** The person's zone, for the heading ("today" is theirs). */
  zone: string;
  /** Their calendar day, YYYY-MM-DD: "See all" opens the invoice list on it. */
  today: string;
}) {
  const seeAll = `/invoices?mine=1&dateFrom=${today}&dateTo=${today}`;
  return (
    <section
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-6"
      aria-labelledby="todays-invoices-heading"
      data-testid="todays-invoices"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <h2 id="todays-invoices-heading" className="font-semibold">
            {more ? `Your last ${rows.length} invoices today` : "Your invoices today"}
          </h2>
          <p className="text-xs text-slate-500">Created by you since midnight, {zone} time.</p>
        </div>
        <Link href="/invoices?mine=1" className="text-sm underline underline-offset-2">
          All your invoices
        </Link>
      </div>
      {rows.length === 0 ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-500">
          <p>You have created no invoice today.</p>
          <Button asChild size="sm" variant="secondary">
            <Link href="/invoices/new">New invoice</Link>
          </Button>
        </div>
      ) : (
        <ul className="grid divide-y divide-slate-100 text-sm">
          {rows.map((row) => (
            <li
              key={row.id}
              className="grid gap-1 py-2 sm:grid-cols-[7rem_1fr_auto] sm:gap-4"
              data-testid={`today-${row.orderId}`}
            >
              <div className="self-start">
                <InvoiceStatusBadge status={asInvoiceStatus(row.status)} resolution={row.resolution} />
              </div>
              <div className="min-w-0">
                <Link href={`/invoices/${row.id}`} className="font-mono font-medium hover:underline">
                  {row.orderId}
                </Link>
                {row.customerId ? (
                  <span className="text-slate-500 [overflow-wrap:anywhere]">
                    {" "}
                    · customer {row.customerId}
                  </span>
                ) : null}
              </div>
              <div className="text-left sm:text-right">
                <p className="font-medium">
                  <Money amount={row.amount} unit={row.fiatCurrency} />
                </p>
                <p className="text-xs text-slate-500">
                  <RelativeTime value={row.createdAt} />
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {more ? (
        <Link href={seeAll} className="justify-self-start text-sm font-medium underline underline-offset-2">
          See all of today&apos;s
        </Link>
      ) : null}
    </section>
  );
}
