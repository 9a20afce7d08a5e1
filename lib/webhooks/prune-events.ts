import { and, desc, inArray, lt, not } from "drizzle-orm";
import { webhookEvents } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";

export interface PruneOptions {
  /** Unverified events received before this are deleted. */
  olderThan: Date;
  /** Unverified events beyond this many (newest kept) are deleted, whatever their age. */
  keepNewest: number;
  /** At most this many deletions per call, so one statement never holds many locks. */
  batchSize: number;
}

/**
 * Deletes one batch of unverified events: the expired, then those beyond the cap. Verified events
 * are kept: they record what changed Paydesk's data. Returns how many were deleted.
 */
export async function pruneUnverifiedWebhookEvents(db: DbOrTx, options: PruneOptions): Promise<number> {
  const unverified = not(webhookEvents.verified);
  const expired = db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(and(unverified, lt(webhookEvents.receivedAt, options.olderThan)))
    .limit(options.batchSize);
  const removed = await db
    .delete(webhookEvents)
    .where(and(unverified, inArray(webhookEvents.id, expired)))
    .returning({ id: webhookEvents.id });
  const room = options.batchSize - removed.length;
  if (room <= 0) return removed.length;

  const overCap = db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(unverified)
    .orderBy(desc(webhookEvents.receivedAt), desc(webhookEvents.id))
    .offset(options.keepNewest)
    .limit(room);
  const trimmed = await db
    .delete(webhookEvents)
    .where(and(unverified, inArray(webhookEvents.id, overCap)))
    .returning({ id: webhookEvents.id });
  return removed.length + trimmed.length;
}
