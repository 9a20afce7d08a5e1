import type { InvoiceListRow } from "@/lib/invoices/list-invoices";
import { CopyButton } from "@/components/ui/copy-button";

const shortHash = (txid: string) => (txid.length > 14 ? `${txid.slice(0, 6)}…${txid.slice(-6)}` : txid);

/** How many payments arrived, their total in crypto, and the latest one's hash (full on hover or focus). */
export function PaymentsAtAGlance({ row }: { row: InvoiceListRow }) {
  if (row.paymentCount === 0) return <span className="text-slate-500">None yet</span>;
  return (
    <span className="grid justify-items-end gap-1 max-sm:justify-items-start">
      <span className="tabular-nums">
        {row.paymentCount} {row.paymentCount === 1 ? "payment" : "payments"} · {row.paymentTotal}{" "}
        {row.currency ?? ""}
      </span>
      {row.latestTxid ? (
        <span className="group flex items-center gap-1">
          <code className="text-xs text-slate-600 group-focus-within:hidden" title={row.latestTxid}>
            {shortHash(row.latestTxid)}
          </code>
          <code className="hidden max-w-56 break-all text-xs text-slate-600 group-focus-within:inline">
            {row.latestTxid}
          </code>
          <CopyButton
            text={row.latestTxid}
            what="Transaction hash"
            variant="ghost"
            aria-label={`Copy the latest transaction hash of ${row.orderId}`}
          >
            Copy
          </CopyButton>
        </span>
      ) : null}
    </span>
  );
}
