import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import { invoices, users, withdrawalApprovals, type Withdrawal } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { addressesPaidBefore } from "./paid-addresses";
import { whatViewerMay, type Viewer, type ViewerPermissions } from "./viewer-permissions";

/** A withdrawal as pages get it: plain JSON, with who approved it and what this viewer may do. */
export type WithdrawalView = Omit<
  Withdrawal,
  "createdAt" | "updatedAt" | "serviceCreatedAt" | "serviceUpdatedAt" | "nextSubmitAt"
> & {
  createdAt: string;
  updatedAt: string;
  requestedByEmail: string | null;
  approvedBy: string[];
  /** True when Paydesk has never paid out to this address before. */
  newAddress: boolean;
  /** The invoice this payout refunds, if it is a refund. */
  refundOf: { invoiceId: string; orderId: string } | null;
  viewerMay: ViewerPermissions;
};

export async function toWithdrawalViews(
  db: DbOrTx,
  rows: Array<{ withdrawal: Withdrawal; requester: string | null }>,
  viewer: Viewer,
): Promise<WithdrawalView[]> {
  const ids = rows.map((row) => row.withdrawal.id);
  const approvals = ids.length
    ? await db
        .select({
          withdrawalId: withdrawalApprovals.withdrawalId,
          approverId: withdrawalApprovals.approverId,
          email: users.email,
        })
        .from(withdrawalApprovals)
        .innerJoin(users, eq(users.id, withdrawalApprovals.approverId))
        .where(inArray(withdrawalApprovals.withdrawalId, ids))
        .orderBy(asc(withdrawalApprovals.createdAt))
    : [];
  const paidBefore = await addressesPaidBefore(
    db,
    [...new Set(rows.map((row) => row.withdrawal.address))],
    ids,
  );
  const refundedIds = [...new Set(rows.flatMap((row) => row.withdrawal.refundOfInvoiceId ?? []))];
  const refunded = refundedIds.length
    ? await db
        .select({ invoiceId: invoices.id, orderId: invoices.orderId })
        .from(invoices)
        .where(inArray(invoices.id, refundedIds))
    : [];
  return rows.map(({ withdrawal, requester }) => {
    const approvalsOfThis = approvals.filter((approval) => approval.withdrawalId === withdrawal.id);
    return {
      ...withdrawal,
      createdAt: withdrawal.createdAt.toISOString(),
      updatedAt: withdrawal.updatedAt.toISOString(),
      requestedByEmail: requester,
      approvedBy: approvalsOfThis.map((approval) => approval.email),
      newAddress: !paidBefore.has(withdrawal.address),
      refundOf: refunded.find((invoice) => invoice.invoiceId === withdrawal.refundOfInvoiceId) ?? null,
      viewerMay: whatViewerMay(
        { ...withdrawal, approverIds: approvalsOfThis.map((approval) => approval.approverId) },
        viewer,
      ),
    };
  });
}
