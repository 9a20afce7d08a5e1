import type { ReactNode } from "react";
import Link from "next/link";
import { InvoiceStatusBadge } from "@/components/invoices/invoice-status-badge";
import { nextStep } from "@/lib/exceptions/next-step";
import type { ResolvedException, UnresolvedException } from "@/lib/exceptions/worklist";
import { DateTime } from "@/components/display/date-time";
import { Money } from "@/components/display/money";
import { RelativeTime } from "@/components/display/relative-time";
import { asInvoiceStatus } from "@/lib/invoices/status";
import { cn } from "@/lib/cn";
import { RESOLUTION_LABELS } from "@/lib/exceptions/resolution-labels";

/**
 * The worklist: exceptions nobody has dealt with, oldest first, with what each puts at stake;
 * the resolved ones are one link away, with who resolved them and how.
 */
export function ExceptionsList({
  view,
  unresolvedCount,
  unresolved,
  resolved,
}: {
  view: "unresolved" | "resolved";
  unresolvedCount: number;
  unresolved: UnresolvedException[];
  resolved: ResolvedException[];
}) {
  return (
    <section
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-6"
      aria-label="Exceptions to resolve"
      data-testid="worklist"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">Exceptions to resolve</h2>
        <nav aria-label="Worklist view" className="flex gap-1 text-sm">
          <ViewLink href="/" current={view === "unresolved"}>
            Unresolved ({unresolvedCount >= 100 ? "99+" : unresolvedCount})
          </ViewLink>
          <ViewLink href="/?exceptions=resolved" current={view === "resolved"}>
            Resolved
          </ViewLink>
        </nav>
      </div>
      {view === "unresolved" ? <UnresolvedRows rows={unresolved} /> : <ResolvedRows rows={resolved} />}
    </section>
  );
}

function ViewLink({ href, current, children }: { href: string; current: boolean; children: ReactNode }) {
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className={cn(
        "rounded-md px-2 py-1 text-slate-700 hover:bg-slate-100",
        current && "bg-slate-100 font-medium",
      )}
    >
      {children}
    </Link>
  );
}

function UnresolvedRows({ rows }: { rows: UnresolvedException[] }) {
  if (rows.length === 0) {
    return (
      <p className="text-sm text-slate-500">
        Nothing waits: every overpaid, underpaid or late-paid invoice is resolved.
      </p>
    );
  }
  return (
    <ul className="grid divide-y divide-slate-100 text-sm">
      {rows.map((row) => (
        <li
          key={row.id}
          className="grid gap-1 py-2 sm:grid-cols-[7rem_1fr_auto] sm:gap-4"
          data-testid={`worklist-${row.orderId}`}
        >
          <InvoiceCells invoice={row}>
            {row.customerId ? <span className="text-slate-500"> · customer {row.customerId}</span> : null}
            <p className="text-slate-600">{nextStep(row)}</p>
          </InvoiceCells>
          <div className="text-left sm:text-right">
            <AtStakeAmounts atStake={row.atStake} />
            <p className="text-xs text-slate-500">
              <RelativeTime value={row.createdAt} />
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function ResolvedRows({ rows }: { rows: ResolvedException[] }) {
  if (rows.length === 0) return <p className="text-sm text-slate-500">No exception has been resolved yet.</p>;
  return (
    <ul className="grid divide-y divide-slate-100 text-sm">
      {rows.map((row) => (
        <li
          key={row.id}
          className="grid gap-1 py-2 sm:grid-cols-[7rem_1fr] sm:gap-4"
          data-testid={`resolved-${row.orderId}`}
        >
          <InvoiceCells invoice={row} resolution={row.how}>
            <p>
              {RESOLUTION_LABELS[row.how]} by {row.resolvedBy ?? "Paydesk"} on{" "}
              <DateTime value={row.resolvedAt} />
            </p>
            <p className="text-slate-600">{row.note}</p>
          </InvoiceCells>
        </li>
      ))}
    </ul>
  );
}

/** A worklist row's status badge and invoice link, then what the row says about it. */
function InvoiceCells({
  invoice,
  resolution = null,
  children,
}: {
  invoice: { id: string; orderId: string; status: string };
  /** How it was resolved, for the resolved list: the badge then says Refunded or Resolved. */
  resolution?: ResolvedException["how"] | null;
  children: ReactNode;
}) {
  return (
    <>
      <div className="self-start">
        <InvoiceStatusBadge status={asInvoiceStatus(invoice.status)} resolution={resolution} />
      </div>
      <div>
        <Link href={`/invoices/${invoice.id}`} className="font-mono font-medium hover:underline">
          {invoice.orderId}
        </Link>
        {children}
      </div>
    </>
  );
}

/** The amount at stake saying what it is ("Overpaid by 25.00 EUR"), its twin in the other unit below. */
function AtStakeAmounts({ atStake }: { atStake: UnresolvedException["atStake"] }) {
  const { meaning, parts } = atStake;
  const first = parts.crypto ?? parts.fiat;
  if (!first || !meaning) return <p className="font-medium">—</p>;
  const second = parts.crypto && parts.fiat ? parts.fiat : null;
  return (
    <>
      <p className="font-medium" data-testid="at-stake">
        <Money amount={first.amount} unit={first.unit} meaning={meaning} />
      </p>
      {second ? (
        <p className="text-xs text-slate-500">
          <Money amount={second.amount} unit={second.unit} />
        </p>
      ) : null}
    </>
  );
}
