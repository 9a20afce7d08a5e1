import "server-only";
import { and, eq, inArray, lt, lte, or } from "drizzle-orm";
import { outbox, type OutboxMessage } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";

/**
 * Longest one try may hold a message: nodemailer's connection, greeting and socket timeouts
 * together, with room to spare. A claim older than this was lost (the instance stopped) and the
 * message is due again.
 */
export const SEND_LEASE_MS = 5 * 60_000;

/**
 * Takes up to `limit` due messages for this instance: queued ones whose time has come, and ones
 * whose previous claim lapsed. FOR UPDATE SKIP LOCKED: another instance claiming at the same
 * moment takes other rows, so a message is handed to one sender at a time.
 */
export async function claimDueMail(db: Db, limit: number, now = new Date()): Promise<OutboxMessage[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      or(
        and(eq(outbox.state, "queued"), lte(outbox.nextAttemptAt, now)),
        and(eq(outbox.state, "sending"), lt(outbox.leaseUntil, now)),
      ),
    )
    .orderBy(outbox.nextAttemptAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(outbox)
    .set({ state: "sending", leaseUntil: new Date(now.getTime() + SEND_LEASE_MS) })
    .where(inArray(outbox.id, due))
    .returning();
}
