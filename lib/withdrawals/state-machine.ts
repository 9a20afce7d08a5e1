/**
 * The withdrawal state machine. Money leaves only through `submitting`, and only one actor can move
 * a request there (the move is a conditional update on the current state), so a payout is sent
 * at most once per request; retries after an unknown outcome reuse the same order_id, which the
 * service de-duplicates. Every move is written to the audit trail.
 *
 *   awaiting_approval ──approve (enough approvers)──▶ approved ──▶ submitting ──▶ submitted ──▶ paid | service_failed
 *         │  └─reject──▶ rejected                                   │      └──▶ failed (service refused; retry after a fix)
 *         └─cancel (requester)──▶ cancelled                          └──▶ unknown (no answer) ──▶ submitting (resubmit)
 *
 * failed ──reapprove (someone other than the requester)──▶ awaiting_approval (fresh approvals)
 * unknown ──give_up (past the resubmit cap)──▶ needs_review ──keep_retrying──▶ unknown
 * needs_review | failed ──close (finance, not the requester, with a reason)──▶ closed
 *
 * approvals_lapsed: approved | failed ──▶ awaiting_approval. An approval counts only while its
 * approver is active and may approve; when one no longer does at submission (and nothing has
 * reached the service yet), the request goes back for another approval instead of being sent.
 */
import { WITHDRAWAL_STATES, type WithdrawalState } from "@/lib/db/schema/enums";

export { WITHDRAWAL_STATES, type WithdrawalState };

export const WITHDRAWAL_EVENTS = [
  "approve",
  "reject",
  "cancel",
  "start_submit",
  "submit_succeeded",
  "submit_failed",
  "submit_unknown",
  "service_paid",
  "service_failed",
  "approvals_lapsed",
  "reapprove",
  "give_up",
  "keep_retrying",
  "close",
] as const;
export type WithdrawalEvent = (typeof WITHDRAWAL_EVENTS)[number];

const TRANSITIONS: Record<WithdrawalEvent, Partial<Record<WithdrawalState, WithdrawalState>>> = {
  approve: { awaiting_approval: "approved" },
  reject: { awaiting_approval: "rejected" },
  cancel: { awaiting_approval: "cancelled" },
  start_submit: { approved: "submitting", unknown: "submitting" },
  submit_succeeded: { submitting: "submitted" },
  submit_failed: { submitting: "failed" },
  submit_unknown: { submitting: "unknown" },
  service_paid: { submitted: "paid", unknown: "paid" },
  service_failed: { submitted: "service_failed", unknown: "service_failed" },
  approvals_lapsed: { approved: "awaiting_approval", failed: "awaiting_approval" },
  reapprove: { failed: "awaiting_approval" },
  give_up: { unknown: "needs_review" },
  keep_retrying: { needs_review: "unknown" },
  close: { needs_review: "closed", failed: "closed" },
};

export function nextState(from: WithdrawalState, event: WithdrawalEvent): WithdrawalState | null {
  return TRANSITIONS[event][from] ?? null;
}

/** The states an event may start from: the guard of the conditional update that performs it. */
export function statesAllowing(event: WithdrawalEvent): WithdrawalState[] {
  return Object.keys(TRANSITIONS[event]) as WithdrawalState[];
}

export const FINAL_STATES: readonly WithdrawalState[] = [
  "rejected",
  "cancelled",
  "paid",
  "service_failed",
  "closed",
];

export const WITHDRAWAL_STATE_LABELS: Record<WithdrawalState, string> = {
  awaiting_approval: "Awaiting approval",
  approved: "Approved",
  submitting: "Submitting",
  submitted: "Submitted",
  failed: "Failed",
  unknown: "Outcome unknown",
  rejected: "Rejected",
  cancelled: "Cancelled",
  paid: "Paid out",
  service_failed: "Failed at the service",
  needs_review: "Needs review",
  conflict: "Conflict",
  closed: "Closed",
};
