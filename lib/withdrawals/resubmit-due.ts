import "server-only";
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { withdrawals } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import type { ServiceClient } from "@/lib/service";
import { submitWithdrawal, type SubmitOutcome } from "./submit-withdrawal";

/** How long a claimed withdrawal is left alone by other instances while this one resubmits it. */
const CLAIM_LEASE_MS = 60_000;

/**
 * One round of the loop that resolves unknown outcomes: every withdrawal left "unknown" whose
 * next attempt is due is submitted again, with the same order_id. Rows are claimed with
 * FOR UPDATE SKIP LOCKED and a lease on next_submit_at, so instances sharing one database split
 * the work; even without that, submitWithdrawal's conditional move into "submitting" lets only
 * one caller send.
 */
export async function resubmitDueWithdrawals(db: Db, client: ServiceClient, limit = 20, now = new Date()) {
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(eq(withdrawals.state, "unknown"), lte(withdrawals.nextSubmitAt, now)))
      .orderBy(asc(withdrawals.nextSubmitAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    const ids = due.map((row) => row.id);
    if (ids.length > 0) {
      await tx
        .update(withdrawals)
        .set({ nextSubmitAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
        .where(inArray(withdrawals.id, ids));
    }
    return ids;
  });
  const outcomes: SubmitOutcome[] = [];
  for (const id of claimed) outcomes.push(await submitWithdrawal(db, client, id, { source: "loop" }));
  return outcomes;
}
