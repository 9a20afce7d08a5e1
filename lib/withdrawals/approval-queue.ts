import "server-only";
import { asc, eq } from "drizzle-orm";
import { users, withdrawals } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import type { Viewer } from "./viewer-permissions";
import { toWithdrawalViews, type WithdrawalView } from "./withdrawal-view";

/** The approvals page: oldest request first. */
export async function listAwaitingApproval(db: DbOrTx, viewer: Viewer): Promise<WithdrawalView[]> {
  const rows = await db
    .select({ withdrawal: withdrawals, requester: users.email })
    .from(withdrawals)
    .leftJoin(users, eq(users.id, withdrawals.requestedBy))
    .where(eq(withdrawals.state, "awaiting_approval"))
    .orderBy(asc(withdrawals.createdAt))
    .limit(200);
  return toWithdrawalViews(db, rows, viewer);
}
