import "server-only";
import { eq } from "drizzle-orm";
import { can } from "@/lib/auth/permissions";
import { RuleError } from "@/lib/auth/rule-error";
import { users, withdrawalApprovals, withdrawalAudit, withdrawals, type Withdrawal } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { checkApprover } from "./approval-policy";
import { transition } from "./transition";

export type ApproveOutcome = { fullyApproved: boolean; withdrawal: Withdrawal };

/**
 * Records an approval. The request row is locked for the whole decision, so two approvers acting
 * at once are counted one after the other; the approver's role and status are read in the same
 * transaction. When enough different people approved, the request moves to "approved".
 */
export async function approveWithdrawal(db: Db, id: string, approverId: string): Promise<ApproveOutcome> {
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for("update");
    if (!request) throw new RuleError("This withdrawal no longer exists.");
    if (request.state !== "awaiting_approval") {
      throw new RuleError(
        `This withdrawal is no longer awaiting approval (it is ${request.state.replace("_", " ")}).`,
      );
    }
    const [approver] = await tx.select().from(users).where(eq(users.id, approverId));
    if (!approver) throw new RuleError("Your account no longer exists.");
    const approvals = await tx
      .select()
      .from(withdrawalApprovals)
      .where(eq(withdrawalApprovals.withdrawalId, id));
    const decision = checkApprover(
      {
        id: approver.id,
        role: approver.role,
        disabled: Boolean(approver.disabledAt),
        canApprove: can(approver.role, "withdrawals:approve"),
      },
      { requestedBy: request.requestedBy, approvedBy: approvals.map((approval) => approval.approverId) },
    );
    if (!decision.ok) throw new RuleError(decision.reason);

    await tx.insert(withdrawalApprovals).values({ withdrawalId: id, approverId });
    const count = approvals.length + 1;
    if (count < request.requiredApprovals) {
      await tx.insert(withdrawalAudit).values({
        withdrawalId: id,
        actorId: approverId,
        source: "user",
        fromState: request.state,
        toState: request.state,
        reason: `Approval ${count} of ${request.requiredApprovals}`,
      });
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

export async function rejectWithdrawal(
  db: Db,
  id: string,
  userId: string,
  reason: string,
): Promise<Withdrawal> {
  const rejected = await transition(db, id, {
    event: "reject",
    actorId: userId,
    source: "user",
    reason,
    set: { rejectionReason: reason },
  });
  if (!rejected) throw new RuleError("Only a withdrawal awaiting approval can be rejected.");
  return rejected;
}

/** Only the requester cancels, and only before approval. */
export async function cancelWithdrawal(db: Db, id: string, userId: string): Promise<Withdrawal> {
  const [request] = await db
    .select({ requestedBy: withdrawals.requestedBy })
    .from(withdrawals)
    .where(eq(withdrawals.id, id));
  if (!request) throw new RuleError("This withdrawal no longer exists.");
  if (request.requestedBy !== userId)
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
