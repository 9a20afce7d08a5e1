import "server-only";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { users, withdrawalApprovals, withdrawals } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import type { Viewer } from "./viewer-permissions";
import { toWithdrawalViews, type WithdrawalView } from "./withdrawal-view";

/**
 * The approvals queue, oldest request first, each with what its approver weighs: who asked and
 * why, the amount and its fiat value where the service's rate is known, the fee rule, and for a
 * refund its invoice as it is now (see WithdrawalView).
 */
export async function listAwaitingApproval(db: DbOrTx, viewer: Viewer): Promise<WithdrawalView[]> {
  const rows = await db
    .select({ withdrawal: withdrawals, requester: { email: users.email, name: users.name } })
    .from(withdrawals)
    .leftJoin(users, eq(users.id, withdrawals.requestedBy))
    .where(eq(withdrawals.state, "awaiting_approval"))
    .orderBy(asc(withdrawals.createdAt))
    .limit(200);
  return toWithdrawalViews(db, rows, viewer);
}

/**
 * How many requests wait for this person's approval (not their own, not approved by them yet),
 * counted up to `cap` for the navigation.
 */
export async function countAwaitingMyApproval(db: DbOrTx, userId: string, cap = 100): Promise<number> {
  const waiting = db
    .select({ one: sql`1` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.state, "awaiting_approval"),
        ne(withdrawals.requestedBy, userId),
        sql`not exists (select 1 from ${withdrawalApprovals} where ${withdrawalApprovals.withdrawalId} = ${withdrawals.id} and ${withdrawalApprovals.approverId} = ${userId})`,
      ),
    )
    .limit(cap)
    .as("waiting");
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(waiting);
  return row?.count ?? 0;
}
