import { RelativeTime } from "@/components/display/relative-time";
import type { WithdrawalView } from "@/lib/withdrawals/withdrawal-view";

/** Who asked for a payout, when, and why in their own words: what an approver reads first. */
export function AskedBy({
  withdrawal,
}: {
  withdrawal: Pick<
    WithdrawalView,
    "requestedByName" | "requestedByEmail" | "createdAt" | "reason" | "refundOf"
  >;
}) {
  const who = withdrawal.requestedByName ?? withdrawal.requestedByEmail ?? "Someone no longer in Paydesk";
  return (
    <div className="grid gap-1 text-sm text-slate-800" data-testid="asked-by">
      <p>
        <strong className="font-semibold">{who}</strong>{" "}
        {withdrawal.requestedByName && withdrawal.requestedByEmail ? (
          <span className="break-all text-slate-500">({withdrawal.requestedByEmail}) </span>
        ) : null}
        asked for this {withdrawal.refundOf ? "refund" : "payout"}{" "}
        <RelativeTime value={withdrawal.createdAt} />:
      </p>
      <blockquote
        className="border-l-2 border-slate-300 pl-3 break-words text-slate-700"
        data-testid="asked-why"
      >
        {withdrawal.reason}
      </blockquote>
    </div>
  );
}
