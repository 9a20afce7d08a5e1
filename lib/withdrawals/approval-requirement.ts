import "server-only";
import { eq } from "drizzle-orm";
import { withdrawals, type Withdrawal } from "@/lib/db/schema";
import type { Tx } from "@/lib/db/types";
import { countingApprovals, type ApprovalThreshold } from "./approval-policy";
import { loadApprovals } from "./approvals";
import { approvalsNeeded } from "./rule-value";
import { getApprovalThreshold } from "./threshold-setting";
import { transition } from "./transition";

/**
 * How many approvals a payout needs follows the threshold as it is now, not as it was when the
 * payout was requested (and a payout in crypto is valued at the service's rate as it is now): read again at each approval, on Send again and before sending, and for
 * every waiting request when the threshold changes. Raising it applies at once; lowering it has
 * already passed dual control (settings.ts).
 */
export async function withCurrentRequirement(tx: Tx, withdrawal: Withdrawal): Promise<Withdrawal> {
  const required = await approvalsNeeded(tx, withdrawal, await getApprovalThreshold(tx));
  if (required === withdrawal.requiredApprovals) return withdrawal;
  const [updated] = await tx
    .update(withdrawals)
    .set({ requiredApprovals: required })
    .where(eq(withdrawals.id, withdrawal.id))
    .returning();
  return updated ?? withdrawal;
}

/**
 * The threshold changed: every request still waiting needs what the new threshold asks for. One
 * that a lowered threshold leaves with enough approvals is approved now; the background loop sends
 * it (an approved payout nobody sent is sent within a minute).
 */
export async function applyThresholdToWaiting(tx: Tx, threshold: ApprovalThreshold | null): Promise<void> {
  const waiting = await tx
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.state, "awaiting_approval"))
    .for("update");
  for (const request of waiting) {
    const required = await approvalsNeeded(tx, request, threshold);
    if (required === request.requiredApprovals) continue;
    await tx.update(withdrawals).set({ requiredApprovals: required }).where(eq(withdrawals.id, request.id));
    const approvals = countingApprovals(await loadApprovals(tx, request.id), request.requestedBy);
    if (approvals.length >= required) {
      await transition(tx, request.id, {
        event: "approve",
        source: "loop",
        reason: `The approval threshold changed: ${approvals.length} approval${approvals.length === 1 ? " is" : "s are"} enough now.`,
      });
    }
  }
}
