import { failed, succeeded, warned, type OutcomeMessage } from "@/lib/outcome/outcome";
import type { SubmitOutcome } from "./submit-withdrawal";

/** What a person reads after approving or retrying: each way a submission can end, with its outcome. */
export function describeSubmit(outcome: SubmitOutcome): OutcomeMessage {
  switch (outcome.result) {
    case "submitted":
      return succeeded("Approved and sent to the payment service.");
    case "failed":
      return failed(
        `Approved, but the payment service refused it: ${outcome.withdrawal.failureMessage ?? "no reason given"}`,
      );
    case "unknown":
      return warned(
        "Approved. The payment service did not answer; Paydesk keeps sending it with the same order id until it does, so it cannot be paid twice.",
      );
    case "not_mine":
      return succeeded("Approved. It is being sent already.");
    case "approvals_lapsed":
      return warned(
        "Not sent: too few approvals count now (an approver was disabled or can no longer approve, or the threshold was raised), so it waits for another approval from finance.",
      );
    case "refund_returned":
      return warned(
        `Not sent: ${outcome.withdrawal.rejectionReason ?? "its invoice no longer owes this refund."} The refund went back to its requester.`,
      );
    case "predecessor_paid":
      return warned(
        `${outcome.withdrawal.rejectionReason ?? "Not sent: the payout it was sent again for may have been paid."} It went back to its requester.`,
      );
    case "conflict":
      return failed(
        `Approved, but it is a conflict for finance to check: ${outcome.withdrawal.reviewReason ?? "the payment service answered with another payout."}`,
      );
  }
}

/**
 * Still sending when the approver's answer is due: the submission carries on on the server (and
 * the sender loop finishes it if this process stops), the page follows it.
 */
export const STILL_SENDING = warned(
  "Approved and sent to the service, which has not answered yet. You can leave this page: Paydesk keeps sending it with the same order id, and its page shows the answer when it comes.",
);
