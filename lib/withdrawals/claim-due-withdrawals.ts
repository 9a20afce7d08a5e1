import { and, asc, eq, inArray, lte, or } from "drizzle-orm";
import { withdrawals, type WithdrawalState } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";

/** An approved withdrawal not sent within this time was orphaned (the approver's call died). */
const APPROVED_GRACE_MS = 60_000;

export interface ClaimOptions {
  limit: number;
  now: Date;
  /** How long a claimed withdrawal is left alone while this round resubmits it (submitLeaseMs). */
  leaseMs: number;
}

/**
 * Takes up to `limit` withdrawals the resubmit loop must send: "unknown" and stalled "submitting"
 * ones whose next attempt is due, and "approved" ones nobody sent. FOR UPDATE SKIP LOCKED lets
 * several instances claim at once, and the pushed next_submit_at (the lease) keeps a later round
 * from taking them again while this one works.
 */
export async function claimDueWithdrawals(
  db: Db,
  { limit, now, leaseMs }: ClaimOptions,
): Promise<Array<{ id: string; state: WithdrawalState }>> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: withdrawals.id, state: withdrawals.state })
      .from(withdrawals)
      .where(
        or(
          and(inArray(withdrawals.state, ["unknown", "submitting"]), lte(withdrawals.nextSubmitAt, now)),
          and(
            eq(withdrawals.state, "approved"),
            lte(withdrawals.updatedAt, new Date(now.getTime() - APPROVED_GRACE_MS)),
          ),
        ),
      )
      .orderBy(asc(withdrawals.updatedAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length > 0) {
      await tx
        .update(withdrawals)
        .set({ nextSubmitAt: new Date(now.getTime() + leaseMs) })
        .where(
          inArray(
            withdrawals.id,
            due.filter((row) => row.state !== "approved").map((row) => row.id),
          ),
        );
    }
    return due;
  });
}
