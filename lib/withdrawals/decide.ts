import "server-only";
import { eq } from "drizzle-orm";
import { can } from "@/lib/auth/permissions";
import { RuleError } from "@/lib/auth/rule-error";
import { users, withdrawalApprovals, withdrawals, type Withdrawal } from "@/lib/db/schema";
import type { Db, Tx } from "@/lib/db/types";
import { settleOwnApproval } from "@/lib/notifications/withdrawal-tasks";
import { checkApprover, countingApprovals, mayCancel } from "./approval-policy";
import { loadApprovals } from "./approvals";
import { withCurrentRequirement } from "./approval-requirement";
import { returnRefund, whyRefundNoLongerDue } from "./refund-guard";
import { WITHDRAWAL_STATE_LABELS } from "./state-labels";
import { recordTrailEntry } from "./trail";
import { transition } from "./transition";

export type ApproveOutcome =
  | { fullyApproved: boolean; withdrawal: Withdrawal; returned?: never }
  /** A refund its invoice no longer owes: not approved, back to its requester with this reason. */
  | { fullyApproved: false; withdrawal: Withdrawal; returned: string };

/**
 * Locks a request awaiting approval for the whole decision, so two people deciding at once are
 * counted one after the other, and checks the decider (role and status read in the same
 * transaction) with the rule the page used to offer the buttons (approval-policy.ts).
 */
async function lockForDecision(
  tx: Tx,
  id: string,
  deciderId: string,
  decision: "approve" | "reject",
  notAwaiting: (state: Withdrawal["state"]) => string,
) {
  const [request] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for("update");
  if (!request) throw new RuleError("This withdrawal no longer exists.");
  if (request.state !== "awaiting_approval") throw new RuleError(notAwaiting(request.state));
  const [decider] = await tx.select().from(users).where(eq(users.id, deciderId));
  if (!decider) throw new RuleError("Your account no longer exists.");
  const approvals = await loadApprovals(tx, id);
  const verdict = checkApprover(
    {
      id: decider.id,
      role: decider.role,
      disabled: Boolean(decider.disabledAt),
      canApprove: can(decider.role, "withdrawals:approve"),
    },
    { requestedBy: request.requestedBy, approvedBy: approvals.map((approval) => approval.approverId) },
    decision,
  );
  if (!verdict.ok) throw new RuleError(verdict.reason);
  return { request, approvalCount: countingApprovals(approvals, request.requestedBy).length };
}

/**
 * Records an approval; when enough different people approved, the request moves to "approved".
 * The number of approvals needed is read from the threshold as it is now. A refund is checked
 * against its invoice first: one it no longer owes goes back to its requester instead.
 */
export async function approveWithdrawal(db: Db, id: string, approverId: string): Promise<ApproveOutcome> {
  return db.transaction(async (tx) => {
    const locked = await lockForDecision(
      tx,
      id,
      approverId,
      "approve",
      (state) =>
        `This withdrawal is no longer awaiting approval (it is ${WITHDRAWAL_STATE_LABELS[state].toLowerCase()}).`,
    );
    const notDue = await whyRefundNoLongerDue(tx, locked.request);
    if (notDue) {
      return {
        fullyApproved: false,
        returned: notDue,
        withdrawal: await returnRefund(tx, locked.request, notDue, "approval"),
      };
    }
    const request = await withCurrentRequirement(tx, locked.request);
    await tx.insert(withdrawalApprovals).values({ withdrawalId: id, approverId });
    const count = locked.approvalCount + 1;
    if (count < request.requiredApprovals) {
      await recordTrailEntry(tx, {
        withdrawalId: id,
        action: "withdrawal.approved",
        source: "user",
        actorId: approverId,
        fromState: request.state,
        toState: request.state,
        reason: `Approval ${count} of ${request.requiredApprovals}`,
      });
      await settleOwnApproval(tx, id, approverId);
      return { fullyApproved: false, withdrawal: request };
    }
    const approved = await transition(tx, id, {
      event: "approve",
      actorId: approverId,
      source: "user",
      reason: request.requiredApprovals > 1 ? `Approval ${count} of ${request.requiredApprovals}` : null,
    });
    if (!approved)
      throw new RuleError("This withdrawal changed while you approved it. Reload and try again.");
    return { fullyApproved: true, withdrawal: approved };
  });
}

/** Rejects with a reason the requester sees; whoever may approve it may reject it instead. */
export async function rejectWithdrawal(
  db: Db,
  id: string,
  userId: string,
  reason: string,
): Promise<Withdrawal> {
  const notAwaiting = "Only a withdrawal awaiting approval can be rejected.";
  return db.transaction(async (tx) => {
    await lockForDecision(tx, id, userId, "reject", () => notAwaiting);
    const rejected = await transition(tx, id, {
      event: "reject",
      actorId: userId,
      source: "user",
      reason,
      set: { rejectionReason: reason },
    });
    if (!rejected) throw new RuleError(notAwaiting);
    return rejected;
  });
}

/** Only the requester cancels, and only before approval. */
export async function cancelWithdrawal(db: Db, id: string, userId: string): Promise<Withdrawal> {
  const [request] = await db
    .select({ requestedBy: withdrawals.requestedBy })
    .from(withdrawals)
    .where(eq(withdrawals.id, id));
  if (!request) throw new RuleError("This withdrawal no longer exists.");
  if (!mayCancel(userId, request))
    throw new RuleError("Only the person who requested a withdrawal can cancel it.");
  const cancelled = await transition(db, id, {
    event: "cancel",
    actorId: userId,
    source: "user",
    reason: "Cancelled by the requester",
  });
  if (!cancelled) throw new RuleError("It can no longer be cancelled: it has been decided already.");
  return cancelled;
}
