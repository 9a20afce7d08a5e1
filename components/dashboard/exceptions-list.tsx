import Link from "next/link";
import { InvoiceStatusBadge } from "@/components/invoices/invoice-status-badge";
import { nextStep, type ExceptionRow } from "@/lib/invoices/dashboard";
import { asInvoiceStatus } from "@/lib/invoices/status";

export function ExceptionsList({ rows }: { rows: ExceptionRow[] }) {
  return (
    <section
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-6"
      aria-label="Needs attention"
    >
      <h2 className="font-semibold">Needs attention</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">Nothing underpaid, overpaid or expired in the last 30 days.</p>
      ) : (
        <ul className="grid divide-y divide-slate-100 text-sm">
          {rows.map((row) => (
            <li key={row.id} className="grid gap-1 py-2 sm:grid-cols-[auto_1fr] sm:gap-4">
              <div className="self-start">
                <InvoiceStatusBadge status={asInvoiceStatus(row.status)} serviceStatus={row.serviceStatus} />
              </div>
              <div>
                <Link href={`/invoices/${row.id}`} className="font-mono font-medium hover:underline">
                  {row.orderId}
                </Link>
                {row.customerId ? <span className="text-slate-500"> · customer {row.customerId}</span> : null}
                <p className="text-slate-600">{nextStep(row)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
