import type { DisplayFormatter } from "@/lib/display/formatter";
import type { InvoiceListRow } from "@/lib/invoices/list-invoices";
import { CopyButton } from "@/components/ui/copy-button";

const shortHash = (txid: string) => (txid.length > 14 ? `${txid.slice(0, 6)}…${txid.slice(-6)}` : txid);

/** What arrived, in the coin; how many payments, and the latest one's hash (full on hover or focus). */
export function PaymentsAtAGlance({ row, display }: { row: InvoiceListRow; display: DisplayFormatter }) {
  if (row.paymentCount === 0) return <span className="whitespace-nowrap text-slate-500">None yet</span>;
  const total = row.paymentTotal && row.currency ? display.crypto(row.paymentTotal, row.currency) : "—";
  return (
    <span className="grid justify-items-end gap-0.5">
      <span className="whitespace-nowrap tabular-nums">{total}</span>
      <span className="group relative z-10 flex items-center gap-1 whitespace-nowrap text-xs text-slate-600">
        {row.paymentCount === 1 ? "1 payment" : `${row.paymentCount} payments`}
        {row.latestTxid ? (
          <>
            {" · "}
            <code className="group-focus-within:hidden" title={row.latestTxid}>
              {shortHash(row.latestTxid)}
            </code>
            <code className="hidden max-w-56 break-all whitespace-normal group-focus-within:inline">
              {row.latestTxid}
            </code>
            <CopyButton
              text={row.latestTxid}
              what="Transaction hash"
              variant="ghost"
              className="h-6 px-1.5 text-xs"
              aria-label={`Copy the latest transaction hash of ${row.orderId}`}
            >
              Copy
            </CopyButton>
          </>
        ) : null}
      </span>
    </span>
  );
}
