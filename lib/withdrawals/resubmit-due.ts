import "server-only";
import { and, asc, eq, inArray, lte, or } from "drizzle-orm";
import { withdrawals } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import type { ServiceClient } from "@/lib/service";
import { submitWithdrawal, type SubmitOutcome } from "./submit-withdrawal";
import { transition } from "./transition";

/** How long a claimed withdrawal is left alone by other instances while this one resubmits it. */
const CLAIM_LEASE_MS = 60_000;
/** An approved withdrawal not sent within this time was orphaned (the approver's call died). */
const APPROVED_GRACE_MS = 60_000;

/**
 * One round of the loop that takes every withdrawal to an answer from the service:
 * - "unknown" ones whose next attempt is due are sent again, with the same order_id;
 * - "submitting" ones whose lease ran out (the process died mid-call) become unknown, then the same;
 * - "approved" ones nobody sent (a crash between approval and submission) are sent.
 * Rows are claimed with FOR UPDATE SKIP LOCKED and a lease, so instances sharing one database
 * split the work; even without that, submitWithdrawal's conditional move into "submitting" lets
 * only one caller send.
 */
export async function resubmitDueWithdrawals(db: Db, client: ServiceClient, limit = 20, now = new Date()) {
  const claimed = await db.transaction(async (tx) => {
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
        .set({ nextSubmitAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
        .where(
          inArray(
            withdrawals.id,
            due.filter((row) => row.state !== "approved").map((row) => row.id),
          ),
        );
    }
    return due;
  });

  const outcomes: SubmitOutcome[] = [];
  for (const { id, state } of claimed) {
    if (state === "submitting") {
      await transition(db, id, {
        event: "submit_unknown",
        source: "loop",
        reason: "The submitter stopped before the service answered; sending again with the same order id.",
      });
    }
    outcomes.push(await submitWithdrawal(db, client, id, { source: "loop" }));
  }
  return outcomes;
}
