/**
 * The withdrawal state machine. Money leaves only through `submitting`, and only one actor can move
 * a request there (the move is a conditional update on the current state), so a payout is sent
 * at most once per request; retries after an unknown outcome reuse the same order_id, which the
 * service de-duplicates. Every move is written to the audit trail.
 *
 *   awaiting_approval ──approve (enough approvers)──▶ approved ──▶ submitting ──▶ submitted ──▶ paid | service_failed
 *         │  └─reject──▶ rejected                                   │  │   └──▶ failed (service refused; retry after a fix)
 *         └─cancel (requester)──▶ cancelled                          │  └──▶ conflict (it answered with another payout)
 *                                                                    └──▶ unknown (no answer) ──▶ submitting (resubmit)
 *
 * Every state that is not final has a next step: a due time for a loop (approved, submitting,
 * submitted, unknown) or a place on finance's worklist (awaiting_approval in the approval queue;
 * failed, service_failed, needs_review and conflict on the payouts that need a person).
 *
 * unknown ──give_up (past the resubmit cap)──▶ needs_review ──keep_retrying──▶ unknown
 * submitted ──gone_stale (no final word after PAYDESK_PAYOUT_STALE_HOURS)──▶ needs_review
 * failed ──reapprove (someone other than the requester)──▶ awaiting_approval (fresh approvals)
 * failed | service_failed ──close (one person: the service said nothing was paid)──▶ closed
 * service_failed ──resend (a new payout with its own order id awaits fresh approvals)──▶ closed
 * needs_review | conflict ──confirm_nothing_sent (a second person, after a proposal)──▶ closed
 * needs_review | conflict ──record_paid (a second person, after a proposal from the back office)──▶ paid
 *
 * The service's word: a final status moves submitted, unknown and needs_review to paid or
 * service_failed; news of a payout still processing brings one that needs review back to
 * submitted. A report that contradicts Paydesk (a payout closed, paid, failed or never sent
 * here) moves it to `conflict` (contradicted), for a person in finance; nothing is dropped.
 *
 * approvals_lapsed: approved | failed ──▶ awaiting_approval. An approval counts only while its
 * approver is active and may approve; when one no longer does at submission (and nothing has
 * reached the service yet), the request goes back for another approval instead of being sent.
 * refund_returned: a refund whose invoice no longer owes it (paid in full meanwhile, resolved
 * otherwise, or less left to refund) goes back to its requester, as rejected, before it is sent.
 * predecessor_paid: a payout made by Send again whose predecessor may have been paid after all
 * goes back to its requester, as rejected, before it is sent (resend-chain.ts); one already sent
 * is contradicted instead.
 */
import { WITHDRAWAL_STATES, type WithdrawalState } from "@/lib/db/schema/enums";

export { WITHDRAWAL_STATES, type WithdrawalState };

export const WITHDRAWAL_EVENTS = [
  "approve",
  "reject",
  "cancel",
  "refund_returned",
  "predecessor_paid",
  "start_submit",
  "submit_succeeded",
  "submit_failed",
  "submit_unknown",
  "submit_conflict",
  "service_paid",
  "service_failed",
  "service_processing",
  "contradicted",
  "approvals_lapsed",
  "reapprove",
  "give_up",
  "gone_stale",
  "keep_retrying",
  "close",
  "resend",
  "confirm_nothing_sent",
  "record_paid",
] as const;
export type WithdrawalEvent = (typeof WITHDRAWAL_EVENTS)[number];

const TRANSITIONS: Record<WithdrawalEvent, Partial<Record<WithdrawalState, WithdrawalState>>> = {
  approve: { awaiting_approval: "approved" },
  reject: { awaiting_approval: "rejected" },
  cancel: { awaiting_approval: "cancelled" },
  refund_returned: { awaiting_approval: "rejected", approved: "rejected", failed: "rejected" },
  predecessor_paid: { awaiting_approval: "rejected", approved: "rejected", failed: "rejected" },
  start_submit: { approved: "submitting", unknown: "submitting" },
  submit_succeeded: { submitting: "submitted" },
  submit_failed: { submitting: "failed" },
  submit_unknown: { submitting: "unknown" },
  submit_conflict: { submitting: "conflict" },
  service_paid: { submitted: "paid", unknown: "paid", needs_review: "paid" },
  service_failed: { submitted: "service_failed", unknown: "service_failed", needs_review: "service_failed" },
  service_processing: { needs_review: "submitted" },
  contradicted: {
    awaiting_approval: "conflict",
    approved: "conflict",
    submitting: "conflict",
    submitted: "conflict",
    unknown: "conflict",
    needs_review: "conflict",
    failed: "conflict",
    rejected: "conflict",
    cancelled: "conflict",
    paid: "conflict",
    service_failed: "conflict",
    closed: "conflict",
  },
  approvals_lapsed: { approved: "awaiting_approval", failed: "awaiting_approval" },
  reapprove: { failed: "awaiting_approval" },
  give_up: { unknown: "needs_review" },
  gone_stale: { submitted: "needs_review" },
  keep_retrying: { needs_review: "unknown" },
  close: { failed: "closed", service_failed: "closed" },
  resend: { service_failed: "closed" },
  confirm_nothing_sent: { needs_review: "closed", conflict: "closed" },
  record_paid: { needs_review: "paid", conflict: "paid" },
};

export function nextState(from: WithdrawalState, event: WithdrawalEvent): WithdrawalState | null {
  return TRANSITIONS[event][from] ?? null;
}

/** The states an event may start from: the guard of the conditional update that performs it. */
export function statesAllowing(event: WithdrawalEvent): WithdrawalState[] {
  return Object.keys(TRANSITIONS[event]) as WithdrawalState[];
}

/** Nothing more happens to these by themselves, and nobody has to act on them. */
export const FINAL_STATES: readonly WithdrawalState[] = ["rejected", "cancelled", "paid", "closed"];

/** The states that wait for a person in finance (besides awaiting_approval, the approval queue). */
export const NEEDS_A_PERSON: readonly WithdrawalState[] = [
  "failed",
  "service_failed",
  "needs_review",
  "conflict",
];
