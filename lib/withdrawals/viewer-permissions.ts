import type { CurrentUser } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { checkApprover, mayCancel, type ApprovalRefusal } from "./approval-policy";
import { classifyServiceStatus } from "./service-status";
import { statesAllowing, type WithdrawalState } from "./state-machine";

/**
 * What the person looking at a withdrawal may do with it, decided once on the server with the
 * rules the actions enforce (approval-policy.ts, review.ts, close.ts, record-paid.ts,
 * send-again.ts) and sent to the page, which only shows what this allows. The actions check again
 * when they run, since the withdrawal may have changed since.
 */
export interface ViewerPermissions {
  /** Approve or reject: one decision, under one rule. */
  decide: boolean;
  cancel: boolean;
  /**
   * Send again: an approval whose sender stopped (same order id); after the service refused it,
   * back to approval; after the service failed it, as a new payout (never by the requester).
   */
  sendAgain: boolean;
  /** Needs review: keep retrying (never the requester). */
  keepRetrying: boolean;
  /**
   * Needs review or conflict, with no proposal yet: propose recording it paid, as the service's
   * back office shows it (a second person confirms).
   */
  proposePaid: boolean;
  /** A proposal by someone else to record it paid waits: confirm it. */
  confirmPaid: boolean;
  /** A proposal to record it paid waits: decline it (its proposer may withdraw it). */
  declinePaid: boolean;
  /** Refused or failed at the service: close it (one person). */
  close: boolean;
  /** Needs review or conflict, with no proposal yet: propose closing it (a second person confirms). */
  proposeClose: boolean;
  /** A proposal by someone else waits (or it was closed by one person before): confirm nothing was sent. */
  confirmNothingSent: boolean;
  /** A proposal waits: decline it (its proposer may withdraw it). */
  declineClose: boolean;
  /** Why this viewer may not decide a withdrawal awaiting approval; null otherwise. */
  cannotDecide: ApprovalRefusal | null;
}

export type Viewer = Pick<CurrentUser, "id" | "role">;

/**
 * "approved" normally moves on at once; one still there was orphaned (its sender stopped).
 * "unknown" is left to the background loop, which resubmits it by itself.
 */
const SENDABLE_AGAIN: readonly WithdrawalState[] = ["approved", "failed", "service_failed"];
const TWO_PERSON_CLOSE: readonly WithdrawalState[] = ["needs_review", "conflict"];

export function whatViewerMay(
  withdrawal: {
    state: WithdrawalState;
    requestedBy: string;
    approverIds: readonly string[];
    closeProposedBy: string | null;
    paidProposedBy: string | null;
    nothingSentAt: Date | string | null;
    serviceStatus: string | null;
  },
  viewer: Viewer,
): ViewerPermissions {
  const canApprove = can(viewer.role, "withdrawals:approve");
  const awaiting = withdrawal.state === "awaiting_approval";
  const reviewer = canApprove && withdrawal.requestedBy !== viewer.id;
  // The viewer comes from an active session: a disabled account never gets this far.
  const decision = checkApprover(
    { id: viewer.id, role: viewer.role, disabled: false, canApprove },
    { requestedBy: withdrawal.requestedBy, approvedBy: withdrawal.approverIds },
  );
  const proposal = withdrawal.closeProposedBy;
  const paidProposal = withdrawal.paidProposedBy;
  const recordable = reviewer && statesAllowing("record_paid").includes(withdrawal.state);
  // What the service reported paid is never closed as not sent (close.ts): it is recorded paid.
  const word = withdrawal.serviceStatus ? classifyServiceStatus(withdrawal.serviceStatus) : null;
  const reportedPaid = word?.final === true && word.outcome === "paid";
  const twoPerson = TWO_PERSON_CLOSE.includes(withdrawal.state) && !reportedPaid;
  const closedUnconfirmed = withdrawal.state === "closed" && !withdrawal.nothingSentAt;
  return {
    decide: awaiting && decision.ok,
    cancel: awaiting && can(viewer.role, "withdrawals:request") && mayCancel(viewer.id, withdrawal),
    sendAgain:
      canApprove &&
      SENDABLE_AGAIN.includes(withdrawal.state) &&
      (withdrawal.state === "approved" || reviewer),
    keepRetrying: reviewer && statesAllowing("keep_retrying").includes(withdrawal.state),
    // One proposal at a time: recording it paid or closing it, never both.
    proposePaid: recordable && !paidProposal && !proposal,
    confirmPaid: recordable && paidProposal !== null && paidProposal !== viewer.id,
    declinePaid: recordable && paidProposal !== null,
    close: reviewer && statesAllowing("close").includes(withdrawal.state),
    proposeClose: reviewer && twoPerson && !proposal && !paidProposal,
    confirmNothingSent:
      reviewer && ((twoPerson && proposal !== null && proposal !== viewer.id) || closedUnconfirmed),
    declineClose: reviewer && twoPerson && proposal !== null,
    cannotDecide: awaiting && !decision.ok ? decision.refusal : null,
  };
}
