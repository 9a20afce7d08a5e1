import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Money } from "@/components/display/money";
import { RelativeTime } from "@/components/display/relative-time";
import type { UnsentInvoice } from "@/lib/invoices/unsent-invoices";

/**
 * Invoices the service never confirmed and Paydesk stopped sending by itself, oldest first: each
 * links to its page, where Send again (same order id) tries once more. Shown only when there are
 * some.
 */
export function UnsentInvoices({ rows }: { rows: UnsentInvoice[] }) {
  if (rows.length === 0) return null;
  return (
    <section
      className="grid gap-3 rounded-lg border border-amber-300 bg-white p-6"
      aria-label="Invoices not sent"
      data-testid="unsent-invoices"
    >
      <div>
        <h2 className="font-semibold">Invoices not sent</h2>
        <p className="text-sm text-slate-600">
          The payment service never confirmed these and Paydesk stopped trying by itself. The service may hold
          them already: open one and use Send again, which keeps its order id.
        </p>
      </div>
      <ul className="grid divide-y divide-slate-100 text-sm">
        {rows.map((row) => (
          <li
            key={row.id}
            className="grid gap-1 py-2 sm:grid-cols-[7rem_1fr_auto] sm:gap-4"
            data-testid={`unsent-${row.orderId}`}
          >
            <div className="self-start">
              <Badge tone="warning">Not sent</Badge>
            </div>
            <div>
              <Link href={`/invoices/${row.id}`} className="font-mono font-medium hover:underline">
                {row.orderId}
              </Link>
              {row.lastError ? <p className="text-slate-600">{row.lastError}</p> : null}
              <p className="text-xs text-slate-500">
                {row.sendAttempts} attempt{row.sendAttempts === 1 ? "" : "s"}
              </p>
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
    </section>
  );
}
