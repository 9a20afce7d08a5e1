import "server-only";
import { eq } from "drizzle-orm";
import { can } from "@/lib/auth/permissions";
import { RuleError } from "@/lib/auth/rule-error";
import { users, withdrawals, type Withdrawal } from "@/lib/db/schema";
import type { Db, Tx } from "@/lib/db/types";
import { transition } from "./transition";

/**
 * What finance does with a payout that did not end by itself: one whose outcome stayed unknown
 * past the resubmit cap or whose final word never came ("needs review"), one the service refused
 * ("failed") or failed ("service_failed"), one whose report contradicted Paydesk ("conflict").
 * The requester never decides these: a person who asked for money cannot also be the one who
 * pushes it out again or writes it off. Closing is in close.ts, recording it paid in record-paid.ts,
 * sending again in send-again.ts.
 */
export async function lockForReview(tx: Tx, id: string, deciderId: string): Promise<Withdrawal> {
  const [withdrawal] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for("update");
  if (!withdrawal) throw new RuleError("This withdrawal no longer exists.");
  const [decider] = await tx.select().from(users).where(eq(users.id, deciderId));
  if (!decider || decider.disabledAt || !can(decider.role, "withdrawals:approve")) {
    throw new RuleError("Only an active finance user can do this.");
  }
  if (withdrawal.requestedBy === deciderId) {
    throw new RuleError(
      "You requested this withdrawal, so someone else in finance decides what happens to it now.",
    );
  }
  return withdrawal;
}

/** Needs review → unknown: the loop resubmits again (same order id), with a fresh attempt budget. */
export async function keepRetrying(db: Db, id: string, deciderId: string): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    await lockForReview(tx, id, deciderId);
    const moved = await transition(tx, id, {
      event: "keep_retrying",
      source: "user",
      actorId: deciderId,
      reason: "Checked with the service: keep sending it again with the same order id.",
      set: { submitAttempts: 0, nextSubmitAt: new Date() },
    });
    if (!moved) throw new RuleError("Only a withdrawal that needs review can be retried this way.");
    return moved;
  });
}
