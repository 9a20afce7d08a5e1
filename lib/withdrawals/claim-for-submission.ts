import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { withdrawalApprovals, withdrawals, type Withdrawal } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { countingApprovals } from "./approval-policy";
import { withCurrentRequirement } from "./approval-requirement";
import { loadApprovals, type RecordedApproval } from "./approvals";
import { returnRefund, whyRefundNoLongerDue } from "./refund-guard";
import { flagBeside, paidPredecessorOf, stopBeforeSending } from "./resend-chain";
import type { WithdrawalState } from "./state-machine";
import { transition } from "./transition";

/**
 * States from which nothing has reached the service yet: the approvals are checked again before
 * sending. From "unknown" an earlier attempt may have created the payout already; sending again
 * with the same order id only learns its fate, so it is not held back, unless an earlier payout
 * of its chain may have been paid meanwhile: then sending again could create a second payment, and
 * it becomes a conflict beside that one for a person to check at the service.
 */
const RECHECKED: readonly WithdrawalState[] = ["approved", "failed"];

export type Claim =
  | { result: "claimed"; withdrawal: Withdrawal }
  | { result: "approvals_lapsed"; withdrawal: Withdrawal }
  | { result: "refund_returned"; withdrawal: Withdrawal }
  | { result: "predecessor_paid"; withdrawal: Withdrawal }
  | { result: "conflict"; withdrawal: Withdrawal }
  | { result: "not_mine" };

/**
 * Moves a withdrawal into "submitting" for this caller, in one transaction with the checks that
 * nothing changed since it was approved: no payout it was sent again for may have been paid after
 * all (resend-chain.ts), its approvals still count (each approver still active and still allowed
 * to approve, as many as the threshold asks for now), and a refund is still owed by its invoice.
 * When the approvals no longer suffice, the ones that lapsed are dropped and the withdrawal goes
 * back to awaiting approval, with a note saying why; a refund no longer owed, or a payout whose
 * predecessor may have been paid, goes back to its requester.
 */
export async function claimForSubmission(
  db: Db,
  id: string,
  actor: { actorId?: string; source: "user" | "loop" },
  set: PgUpdateSetSource<typeof withdrawals>,
): Promise<Claim> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for("update");
    if (locked?.state === "unknown") {
      const paidBefore = await paidPredecessorOf(tx, locked);
      if (paidBefore) {
        const flagged = await flagBeside(tx, locked, paidBefore, actor.source);
        return flagged ? { result: "conflict", withdrawal: flagged } : { result: "not_mine" };
      }
    }
    if (locked && RECHECKED.includes(locked.state)) {
      const paidBefore = await paidPredecessorOf(tx, locked);
      if (paidBefore) {
        const stopped = await stopBeforeSending(tx, locked, paidBefore, actor.source);
        return stopped ? { result: "predecessor_paid", withdrawal: stopped } : { result: "not_mine" };
      }
      const notDue = await whyRefundNoLongerDue(tx, locked);
      if (notDue)
        return {
          result: "refund_returned",
          withdrawal: await returnRefund(tx, locked, notDue, "submission"),
        };
      const row = await withCurrentRequirement(tx, locked);
      const approvals = await loadApprovals(tx, id);
      const counting = countingApprovals(approvals, row.requestedBy);
      if (counting.length < row.requiredApprovals) {
        const lapsed = approvals.filter((approval) => !counting.includes(approval));
        if (lapsed.length > 0) {
          await tx.delete(withdrawalApprovals).where(
            and(
              eq(withdrawalApprovals.withdrawalId, id),
              inArray(
                withdrawalApprovals.approverId,
                lapsed.map((approval) => approval.approverId),
              ),
            ),
          );
        }
        const back = await transition(tx, id, {
          event: "approvals_lapsed",
          ...actor,
          reason: lapsedNote(lapsed, row.requiredApprovals - counting.length),
          detail: { lapsedApprovers: lapsed.map((approval) => approval.email) },
        });
        return back ? { result: "approvals_lapsed", withdrawal: back } : { result: "not_mine" };
      }
    }
    const claimed = await transition(tx, id, { event: "start_submit", ...actor, set });
    return claimed ? { result: "claimed", withdrawal: claimed } : { result: "not_mine" };
  });
}

function lapsedNote(lapsed: RecordedApproval[], missing: number): string {
  const who = lapsed.map((approval) => approval.email).join(" and ");
  const needs = `It needs ${missing} more approval${missing === 1 ? "" : "s"} from finance before it is sent.`;
  return lapsed.length > 0
    ? `Not sent: the approval of ${who} no longer counts (disabled, or no longer allowed to approve). ${needs}`
    : `Not sent: the approval threshold asks for more approvals now. ${needs}`;
}
