import { DateTime } from "@/components/display/date-time";
import { payoutNextStep } from "@/lib/withdrawals/next-step";
import type { WithdrawalView } from "@/lib/withdrawals/withdrawal-view";

/**
 * Why a payout waits for a person in finance, and what they do next: a conflict with the
 * service, a review, a failure at the service, a proposal to close it waiting for a second person.
 */
export function AttentionBanner({ withdrawal }: { withdrawal: WithdrawalView }) {
  const closedUnconfirmed = withdrawal.state === "closed" && !withdrawal.nothingSentAt;
  const waits =
    ["needs_review", "conflict", "service_failed"].includes(withdrawal.state) ||
    withdrawal.closeProposal !== null ||
    closedUnconfirmed;
  if (!waits) return null;
  const proposal = withdrawal.closeProposal;
  return (
    <div
      role="status"
      data-testid="attention"
      className="grid gap-1 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      {withdrawal.reviewReason ? <p className="font-medium">{withdrawal.reviewReason}</p> : null}
      {withdrawal.state === "service_failed" ? (
        <p className="font-medium">The payment service reports that this payout failed: nothing was paid.</p>
      ) : null}
      {proposal ? (
        <p>
          {proposal.by ?? "Someone in finance"} proposed closing it on <DateTime value={proposal.at} />: “
          {proposal.reason}”.
        </p>
      ) : null}
      <p>{payoutNextStep({ ...withdrawal, closeProposedBy: proposal ? "proposed" : null })}</p>
    </div>
  );
}
