import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { invoices } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";

export interface ClaimOptions {
  limit: number;
  /** How far next_refresh_at is pushed while the claimer works; a crashed claimer's rows come back after it. */
  leaseMs: number;
}

/**
 * Takes up to `limit` open invoices whose refresh is due, oldest-due first, and pushes their
 * next_refresh_at forward in the same transaction. SKIP LOCKED lets several app instances claim at
 * once without waiting on each other, and the pushed time keeps a later round from taking them
 * again: each due invoice goes to exactly one claimer.
 */
export async function claimDueInvoices(db: Db, { limit, leaseMs }: ClaimOptions): Promise<string[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        and(
          eq(invoices.creationState, "created"),
          isNotNull(invoices.nextRefreshAt),
          lte(invoices.nextRefreshAt, sql`now()`),
        ),
      )
      .orderBy(asc(invoices.nextRefreshAt), asc(invoices.id))
      .limit(limit)
      .for("update", { skipLocked: true });
    const ids = due.map((row) => row.id);
    if (ids.length === 0) return ids;
    await tx
      .update(invoices)
      .set({ nextRefreshAt: sql`now() + make_interval(secs => ${leaseMs / 1000})` })
      .where(inArray(invoices.id, ids));
    return ids;
  });
}
