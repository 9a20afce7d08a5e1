import Decimal from "decimal.js";

/**
 * Who may decide (approve or reject) a withdrawal, and how many approvals it needs. Pure: the
 * callers load the facts (decide.ts in the transaction that records the decision,
 * viewer-permissions.ts for the page that offers it) and this decides.
 */
export interface ApprovalThreshold {
  /** Decimal string in `fiatCurrency`; requests above it need two different approvers. */
  amount: string;
  fiatCurrency: string;
}

export interface Approver {
  id: string;
  role: string;
  disabled: boolean;
  canApprove: boolean;
}

/** Why a person may not decide (approve or reject) a withdrawal awaiting approval. */
export type ApprovalRefusal = "disabled" | "role" | "requester" | "approved-already";

export type ApprovalDecision = { ok: true } | { ok: false; refusal: ApprovalRefusal; reason: string };

export function checkApprover(
  approver: Approver,
  request: { requestedBy: string; approvedBy: readonly string[] },
  decision: "approve" | "reject" = "approve",
): ApprovalDecision {
  if (approver.disabled) return { ok: false, refusal: "disabled", reason: "Your account is disabled." };
  if (!approver.canApprove) {
    return {
      ok: false,
      refusal: "role",
      reason: `Your role cannot ${decision} withdrawals: only finance decides them.`,
    };
  }
  if (approver.id === request.requestedBy) {
    return {
      ok: false,
      refusal: "requester",
      reason:
        decision === "approve"
          ? "You requested this withdrawal, so someone else must approve it."
          : "You requested this withdrawal, so someone else must decide it: you cannot reject it. To withdraw it, cancel the request instead.",
    };
  }
  if (request.approvedBy.includes(approver.id)) {
    return {
      ok: false,
      refusal: "approved-already",
      reason: "You have already approved this withdrawal; a different person must give the second approval.",
    };
  }
  return { ok: true };
}

/**
 * The approvals that count: an approval counts only while its approver is still active and still
 * allowed to approve (and is not the requester). Checked when recording an approval and again
 * when the payout is submitted, so an approver disabled or demoted in between no longer counts.
 */
export function countingApprovals<A extends { approverId: string; disabled: boolean; canApprove: boolean }>(
  approvals: readonly A[],
  requestedBy: string,
): A[] {
  return approvals.filter(
    (approval) => !approval.disabled && approval.canApprove && approval.approverId !== requestedBy,
  );
}

/** Only the person who asked for a payout withdraws the request (the state machine says when). */
export function mayCancel(userId: string, request: { requestedBy: string }): boolean {
  return userId === request.requestedBy;
}

/**
 * Two approvers above the threshold. A request in another fiat currency than the threshold's,
 * or in crypto, is compared through its fiat value when the caller knows it (`fiatValue`); when
 * nobody can tell, it needs two approvers: unknown is treated as large.
 */
export function requiredApprovals(
  threshold: ApprovalThreshold | null,
  fiatValue: { amount: string; fiatCurrency: string } | null,
): 1 | 2 {
  if (!threshold) return 1;
  if (!fiatValue || fiatValue.fiatCurrency !== threshold.fiatCurrency) return 2;
  return new Decimal(fiatValue.amount).greaterThan(threshold.amount) ? 2 : 1;
}

/** The fiat value the threshold is compared with: the request's own, when it was asked in fiat. */
export function fiatValueOf(request: { fiatAmount: string | null; fiatCurrency: string | null }) {
  return request.fiatAmount && request.fiatCurrency
    ? { amount: request.fiatAmount, fiatCurrency: request.fiatCurrency }
    : null;
}
