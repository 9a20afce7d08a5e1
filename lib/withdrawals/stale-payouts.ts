import "server-only";
import { and, asc, eq, lte } from "drizzle-orm";
import { withdrawals } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { transition } from "./transition";

/**
 * Submitted payouts whose final word never came (the service stopped retrying its webhook, or a
 * key rotated without the previous one kept) by their stale_at: they need review, where finance
 * records what the service's own back office says. The spec has no way to read a payout back, so
 * waiting longer would only leave them "Submitted" for ever. Claimed with SKIP LOCKED: several
 * instances split the work.
 */
export async function markStalePayouts(db: Db, limit: number, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: withdrawals.id, updatedAt: withdrawals.updatedAt })
      .from(withdrawals)
      .where(and(eq(withdrawals.state, "submitted"), lte(withdrawals.staleAt, now)))
      .orderBy(asc(withdrawals.staleAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    for (const { id, updatedAt } of due) {
      const reason = `No final status from the service since ${updatedAt.toISOString().slice(0, 16).replace("T", " ")} UTC: check the payout in the service's own back office.`;
      await transition(tx, id, {
        event: "gone_stale",
        source: "loop",
        reason,
        set: { reviewReason: reason },
      });
    }
    return due.length;
  });
}
