import { and, asc, eq, inArray, isNotNull, lte } from "drizzle-orm";
import { webhookEvents } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { PROCESS_LEASE_MS } from "./process-policy";
import { PENDING_OUTCOME } from "./store-event";

/**
 * Takes up to `limit` verified events the sweep must process: pending past their grace, or
 * failed and due for another try. They are set back to pending (processing records an outcome
 * only over pending) and leased: FOR UPDATE SKIP LOCKED and the pushed next_process_at keep other
 * instances, and later rounds, off them while this one works.
 */
export async function claimDueWebhookEvents(db: Db, { limit, now }: { limit: number; now: Date }) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(
        and(
          isNotNull(webhookEvents.nextProcessAt),
          lte(webhookEvents.nextProcessAt, now),
          eq(webhookEvents.verified, true),
          inArray(webhookEvents.outcome, [PENDING_OUTCOME, "failed"]),
        ),
      )
      .orderBy(asc(webhookEvents.nextProcessAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(webhookEvents)
      .set({ outcome: PENDING_OUTCOME, nextProcessAt: new Date(now.getTime() + PROCESS_LEASE_MS) })
      .where(
        inArray(
          webhookEvents.id,
          due.map((event) => event.id),
        ),
      )
      .returning({ id: webhookEvents.id });
  });
}
