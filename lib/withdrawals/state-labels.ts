import type { WithdrawalState } from "./state-machine";

/**
 * One name per withdrawal state, in plain words, for every place a person reads it: the badge,
 * the list and its filter, the audit trail, messages and notifications. The service's own status
 * word is never part of it; it appears only in the withdrawal's "Service status" detail row.
 */
export const WITHDRAWAL_STATE_LABELS: Record<WithdrawalState, string> = {
  awaiting_approval: "Awaiting approval",
  approved: "Approved",
  submitting: "Submitting",
  submitted: "Submitted",
  failed: "Refused by the service",
  unknown: "Outcome unknown",
  rejected: "Rejected",
  cancelled: "Cancelled",
  paid: "Paid out",
  service_failed: "Failed at the service",
  needs_review: "Needs review",
  conflict: "Conflict",
  closed: "Closed",
};

export const WITHDRAWAL_STATE_TONES: Record<
  WithdrawalState,
  "info" | "success" | "warning" | "neutral" | "danger"
> = {
  awaiting_approval: "warning",
  approved: "info",
  submitting: "info",
  submitted: "info",
  failed: "danger",
  unknown: "warning",
  rejected: "neutral",
  cancelled: "neutral",
  paid: "success",
  service_failed: "danger",
  needs_review: "danger",
  conflict: "danger",
  closed: "neutral",
};

/** A state as recorded (the audit trail keeps strings): its label, or the word itself if unknown. */
export function withdrawalStateLabel(state: string | null): string {
  if (!state) return "—";
  return WITHDRAWAL_STATE_LABELS[state as WithdrawalState] ?? state;
}
