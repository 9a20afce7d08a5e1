import type { WithdrawalState } from "./state-machine";

/** What a person in finance does next with a payout that waits for one of them, in a sentence. */
export function payoutNextStep(payout: {
  state: WithdrawalState;
  closeProposedBy: string | null;
  paidProposedBy: string | null;
  nothingSentAt: Date | string | null;
}): string {
  if (payout.paidProposedBy) {
    return "Recording it paid was proposed: a second person in finance confirms it, or declines.";
  }
  if (payout.closeProposedBy) {
    return "Closing was proposed: a second person in finance confirms nothing was sent, or declines.";
  }
  switch (payout.state) {
    case "failed":
      return "The service refused it: send it again (fresh approvals) or close it.";
    case "service_failed":
      return "The service failed it: send it again as a new payout (fresh approvals) or close it.";
    case "needs_review":
      return "Check the service's back office: record it paid, keep retrying, or propose closing it.";
    case "conflict":
      return "Check the service's back office: record it paid, or propose closing it (a second person confirms).";
    case "closed":
      return payout.nothingSentAt
        ? "Nothing to do."
        : "Closed by one person before closing took two: a second person confirms nothing was sent.";
    default:
      return "Nothing to do.";
  }
}
