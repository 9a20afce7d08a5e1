import { classifyServiceStatus } from "./service-status";
import type { WithdrawalState } from "./state-machine";

/** What a person in finance does next with a payout that waits for one of them, in a sentence. */
export function payoutNextStep(payout: {
  state: WithdrawalState;
  closeProposedBy: string | null;
  paidProposedBy: string | null;
  nothingSentAt: Date | string | null;
  /** The service's last word: one that says paid is recorded paid, never closed (close.ts). */
  serviceStatus?: string | null;
}): string {
  const word = payout.serviceStatus ? classifyServiceStatus(payout.serviceStatus) : null;
  const reportedPaid = word?.final === true && word.outcome === "paid";
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
      if (reportedPaid) return "The service reports it paid: check its back office, then record it paid.";
      return "Check the service's back office: record it paid, keep retrying, or propose closing it.";
    case "conflict":
      if (reportedPaid) {
        return "The service reports it paid: check its back office for what left, then record it paid (a second person confirms).";
      }
      return "Check the service's back office: record it paid, or propose closing it (a second person confirms).";
    case "closed":
      return payout.nothingSentAt
        ? "Nothing to do."
        : "Closed by one person before closing took two: a second person confirms nothing was sent.";
    default:
      return "Nothing to do.";
  }
}
