import { DateTime } from "@/components/display/date-time";
import { Money } from "@/components/display/money";
import { payoutNextStep } from "@/lib/withdrawals/next-step";
import type { WithdrawalView } from "@/lib/withdrawals/withdrawal-view";

/**
 * Why a payout waits for a person in finance, and what they do next: a conflict with the
 * service, a review, a failure at the service, a proposal to close it or to record it paid waiting
 * for a second person.
 */
export function AttentionBanner({ withdrawal }: { withdrawal: WithdrawalView }) {
  const closedUnconfirmed = withdrawal.state === "closed" && !withdrawal.nothingSentAt;
  const waits =
    ["needs_review", "conflict", "service_failed"].includes(withdrawal.state) ||
    withdrawal.closeProposal !== null ||
    withdrawal.paidProposal !== null ||
    closedUnconfirmed;
  if (!waits) return null;
  const proposal = withdrawal.closeProposal;
  const paid = withdrawal.paidProposal;
  return (
    <div
      role="status"
      data-testid="attention"
      className="grid gap-1 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      {withdrawal.reviewReason ? (
        <p className="font-medium">
          {withdrawal.state === "conflict" ? "How it became a conflict: " : ""}
          {withdrawal.reviewReason}
        </p>
      ) : null}
      {withdrawal.state === "service_failed" ? (
        <p className="font-medium">The payment service reports that this payout failed: nothing was paid.</p>
      ) : null}
      {proposal ? (
        <p>
          {proposal.by ?? "Someone in finance"} proposed closing it on <DateTime value={proposal.at} />: “
          {proposal.reason}”.
        </p>
      ) : null}
      {paid ? (
        <p data-testid="paid-proposal">
          {paid.by ?? "Someone in finance"} proposed recording it paid on <DateTime value={paid.at} />:{" "}
          <Money amount={paid.amount} unit={withdrawal.currency} />, transaction{" "}
          <code className="break-all">{paid.txid}</code>: “{paid.note}”.
        </p>
      ) : null}
      <p>
        {payoutNextStep({
          ...withdrawal,
          closeProposedBy: proposal ? "proposed" : null,
          paidProposedBy: paid ? "proposed" : null,
        })}
      </p>
    </div>
  );
}
