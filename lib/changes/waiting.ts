import "server-only";
import { and, eq, ne, or, isNull, sql } from "drizzle-orm";
import { pendingChanges } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";

/**
 * The pending changes an admin may approve: proposed by someone else and not about their own
 * account (policy.ts). The same people are notified when one is proposed (lib/notifications).
 */
function waitingForSql(userId: string) {
  return and(
    eq(pendingChanges.state, "pending"),
    ne(pendingChanges.proposedBy, userId),
    or(isNull(pendingChanges.targetUserId), ne(pendingChanges.targetUserId, userId)),
  );
}

/** How many changes wait for this admin's approval, counted up to `cap` for the navigation. */
export async function countChangesWaitingFor(db: DbOrTx, userId: string, cap = 100): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(pendingChanges)
    .where(waitingForSql(userId))
    .limit(cap)
    .as("capped");
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(capped);
  return row?.count ?? 0;
}
