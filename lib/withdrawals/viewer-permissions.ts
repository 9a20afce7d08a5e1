import type { CurrentUser } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { checkApprover, mayCancel, type ApprovalRefusal } from "./approval-policy";
import { statesAllowing, type WithdrawalState } from "./state-machine";

/**
 * What the person looking at a withdrawal may do with it, decided once on the server with the
 * rules the actions enforce (approval-policy.ts) and sent to the page, which only shows what this
 * allows. The actions check again when they run, since the withdrawal may have changed since.
 */
export interface ViewerPermissions {
  /** Approve or reject: one decision, under one rule. */
  decide: boolean;
  cancel: boolean;
  /**
   * Send again with the same order id: an approval whose sender stopped; or, after the service
   * refused it, back to approval (never by the requester).
   */
  sendAgain: boolean;
  /** Needs review: keep retrying (never the requester). */
  keepRetrying: boolean;
  /** Failed or needs review: close with a reason (never the requester). */
  close: boolean;
  /** Why this viewer may not decide a withdrawal awaiting approval; null otherwise. */
  cannotDecide: ApprovalRefusal | null;
}

export type Viewer = Pick<CurrentUser, "id" | "role">;

/**
 * "approved" normally moves on at once; one still there was orphaned (its sender stopped).
 * "unknown" is left to the background loop, which resubmits it by itself.
 */
const SENDABLE_AGAIN: readonly WithdrawalState[] = [
  ...statesAllowing("start_submit").filter((state) => state !== "unknown"),
  ...statesAllowing("reapprove"),
];

export function whatViewerMay(
  withdrawal: { state: WithdrawalState; requestedBy: string; approverIds: readonly string[] },
  viewer: Viewer,
): ViewerPermissions {
  const canApprove = can(viewer.role, "withdrawals:approve");
  const awaiting = withdrawal.state === "awaiting_approval";
  const notRequester = withdrawal.requestedBy !== viewer.id;
  // The viewer comes from an active session: a disabled account never gets this far.
  const decision = checkApprover(
    { id: viewer.id, role: viewer.role, disabled: false, canApprove },
    { requestedBy: withdrawal.requestedBy, approvedBy: withdrawal.approverIds },
  );
  return {
    decide: awaiting && decision.ok,
    cancel: awaiting && can(viewer.role, "withdrawals:request") && mayCancel(viewer.id, withdrawal),
    sendAgain:
      canApprove &&
      SENDABLE_AGAIN.includes(withdrawal.state) &&
      (withdrawal.state !== "failed" || notRequester),
    keepRetrying: canApprove && notRequester && statesAllowing("keep_retrying").includes(withdrawal.state),
    close: canApprove && notRequester && statesAllowing("close").includes(withdrawal.state),
    cannotDecide: awaiting && !decision.ok ? decision.refusal : null,
  };
}
