import Link from "next/link";
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES, type InvoiceStatus } from "@/lib/invoices/status";
import type { StatusCounts as Counts } from "@/lib/invoices/dashboard";

export function StatusCounts({
  title,
  note,
  counts,
  from,
}: {
  title: string;
  /** What the window is exactly (whose midnight, which days). */
  note?: string;
  counts: Counts;
  from: string;
}) {
  const total = Object.values(counts).reduce((sum, count) => sum + (count ?? 0), 0);
  const shown = INVOICE_STATUSES.filter((status: InvoiceStatus) => counts[status]);
  return (
    <section
      className="grid content-start gap-3 rounded-lg border border-slate-200 bg-white p-6"
      aria-label={title}
    >
      <div className="flex items-baseline justify-between gap-2">
        <div>
          <h2 className="font-semibold">{title}</h2>
          {note ? <p className="text-xs text-slate-500">{note}</p> : null}
        </div>
        <span className="text-2xl font-semibold">{total}</span>
      </div>
      {shown.length === 0 ? (
        <p className="text-sm text-slate-500">No invoices yet.</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {shown.map((status) => (
            <li key={status} className="flex justify-between">
              <Link className="hover:underline" href={`/invoices?status=${status}&dateFrom=${from}`}>
                {INVOICE_STATUS_LABELS[status]}
              </Link>
              <span>{counts[status]}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
