import "server-only";
import { eq } from "drizzle-orm";
import { can } from "@/lib/auth/permissions";
import { users, withdrawalApprovals } from "@/lib/db/schema";
import type { Tx } from "@/lib/db/types";

export interface RecordedApproval {
  approverId: string;
  email: string;
  disabled: boolean;
  canApprove: boolean;
}

/**
 * A withdrawal's approvals with their approvers as they are now. The approvers' rows are locked
 * (FOR SHARE) for the rest of the transaction, so an approver disabled or demoted at this very
 * moment is seen either before this decision or after it, never half-way.
 */
export async function loadApprovals(tx: Tx, withdrawalId: string): Promise<RecordedApproval[]> {
  const rows = await tx
    .select({
      approverId: withdrawalApprovals.approverId,
      email: users.email,
      role: users.role,
      disabledAt: users.disabledAt,
    })
    .from(withdrawalApprovals)
    .innerJoin(users, eq(users.id, withdrawalApprovals.approverId))
    .where(eq(withdrawalApprovals.withdrawalId, withdrawalId))
    .orderBy(withdrawalApprovals.createdAt)
    .for("share", { of: users });
  return rows.map((row) => ({
    approverId: row.approverId,
    email: row.email,
    disabled: Boolean(row.disabledAt),
    canApprove: can(row.role, "withdrawals:approve"),
  }));
}
