import Link from "next/link";
import { WithdrawalStateBadge } from "@/components/withdrawals/withdrawal-state-badge";
import { RelativeTime } from "@/components/display/relative-time";
import type { PayoutNeedingAttention } from "@/lib/withdrawals/attention";

/**
 * Finance's worklist: payouts that wait for one of them (refused or failed by the service, to
 * review, in conflict with the service, or waiting for a second person to confirm a close or a
 * record of it paid),
 * longest waiting first, with the amount at stake and what to do next.
 */
export function PayoutsWorklist({ rows }: { rows: PayoutNeedingAttention[] }) {
  return (
    <section
      className="grid gap-4 rounded-lg border border-slate-200 bg-white p-6"
      aria-label="Payouts that need finance"
      data-testid="payouts-worklist"
    >
      <div>
        <h2 className="font-semibold">Payouts that need finance</h2>
        <p className="text-sm text-slate-600">
          Nobody decides on a payout they requested; the requester sees it here but acts elsewhere.
        </p>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">Nothing waits: every payout has ended or is on its way.</p>
      ) : (
        <ul className="grid divide-y divide-slate-100 text-sm">
          {rows.map((row) => (
            <li
              key={row.id}
              className="grid gap-1 py-2 sm:grid-cols-[9rem_1fr_auto] sm:gap-4"
              data-testid={`payout-worklist-${row.orderId}`}
            >
              <div className="self-start">
                <WithdrawalStateBadge state={row.state} />
              </div>
              <div>
                <Link href={`/withdrawals/${row.id}`} className="font-mono font-medium hover:underline">
                  {row.orderId}
                </Link>
                {row.refundOf ? (
                  <span className="text-slate-500"> · refund of invoice {row.refundOf.orderId}</span>
                ) : null}
                {row.reviewReason ? <p className="text-slate-800">{row.reviewReason}</p> : null}
                {row.closeProposed ? (
                  <p className="text-slate-800">
                    Closing proposed by {row.closeProposed.by ?? "someone in finance"}: “
                    {row.closeProposed.reason}”
                  </p>
                ) : null}
                {row.paidProposed ? (
                  <p className="text-slate-800">
                    Recording it paid proposed by {row.paidProposed.by ?? "someone in finance"}: transaction{" "}
                    <code className="break-all">{row.paidProposed.txid}</code>
                  </p>
                ) : null}
                <p className="text-slate-600">{row.nextStep}</p>
              </div>
              <div className="text-left sm:text-right">
                <p className="font-medium">Payout of {row.atStake}</p>
                <p className="text-xs text-slate-500">
                  {row.network} · <RelativeTime value={row.since} />
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
