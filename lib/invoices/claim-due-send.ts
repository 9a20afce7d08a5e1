import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { invoices, type Invoice } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";

/**
 * Takes one unconfirmed creation whose next attempt is due, earliest due first, and in the same
 * transaction counts the attempt and pushes next_send_at by `leaseMs` (the worst case of the call
 * about to be made). SKIP LOCKED lets several app instances claim at once, and the pushed time
 * keeps a later round, another instance, or the loop beside a person's call (sendInvoice claims
 * the same way) from sending it while this call may be in flight. One at a time, so each lease
 * starts when its call does.
 */
export async function claimDueSend(db: Db, leaseMs: number): Promise<Invoice | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        and(
          eq(invoices.creationState, "sending"),
          isNotNull(invoices.nextSendAt),
          lte(invoices.nextSendAt, sql`now()`),
        ),
      )
      .orderBy(asc(invoices.nextSendAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due) return null;
    const [claimed] = await tx
      .update(invoices)
      .set({
        sendAttempts: sql`${invoices.sendAttempts} + 1`,
        nextSendAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      })
      .where(eq(invoices.id, due.id))
      .returning();
    return claimed ?? null;
  });
}
