import type { Metadata } from "next";
import Link from "next/link";
import { DecisionButtons } from "@/components/withdrawals/detail/decision-buttons";
import { Badge } from "@/components/ui/badge";
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { requirePermission } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { formatRelative } from "@/lib/format";
import { describeAmount } from "@/lib/withdrawals/present";
import { listAwaitingApproval } from "@/lib/withdrawals/approval-queue";
import { RefundOfInvoice } from "@/components/withdrawals/refund-of-invoice";

export const metadata: Metadata = { title: "Approvals" };

export default async function ApprovalsPage() {
  const user = await requirePermission("withdrawals:approve");
  const queue = await listAwaitingApproval(await getDb(), user);
  return (
    <div className="grid gap-6">
      <div>
        {/* Focusable from script: it takes focus when the last row of the queue is decided. */}
        <h1 className="text-2xl font-semibold" tabIndex={-1}>
          Withdrawals awaiting approval
        </h1>
        <p className="text-sm text-slate-600">Oldest first. Nobody approves their own request.</p>
      </div>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Requested</TableHead>
            <TableHead>Amount</TableHead>
            <TableHead>To address</TableHead>
            <TableHead>Reason</TableHead>
            <TableHead>Approvals</TableHead>
            <TableHead className="text-right">Decision</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {queue.length === 0 ? <TableEmpty colSpan={6}>Nothing is waiting for approval.</TableEmpty> : null}
          {queue.map((withdrawal) => (
            <TableRow key={withdrawal.id} data-testid={`approval-row-${withdrawal.orderId}`}>
              <TableCell label="Requested">
                <div>
                  <Link href={`/withdrawals/${withdrawal.id}`} className="font-mono text-xs hover:underline">
                    {withdrawal.orderId}
                  </Link>
                  <div className="text-xs text-slate-500">
                    {withdrawal.requestedByEmail} · {formatRelative(withdrawal.createdAt)}
                  </div>
                </div>
              </TableCell>
              <TableCell label="Amount" className="font-medium">
                <div>
                  {describeAmount(withdrawal)}
                  <div className="text-xs text-slate-500">{withdrawal.network}</div>
                </div>
              </TableCell>
              <TableCell label="To address" className="max-w-56">
                <div className="min-w-0">
                  <span className="block truncate font-mono text-xs" title={withdrawal.address}>
                    {withdrawal.address}
                  </span>
                  {withdrawal.newAddress ? <Badge tone="warning">Never paid before</Badge> : null}
                </div>
              </TableCell>
              <TableCell label="Reason" className="max-w-64 text-sm">
                <div className="grid gap-1">
                  <RefundOfInvoice refundOf={withdrawal.refundOf} />
                  <span>{withdrawal.reason}</span>
                </div>
              </TableCell>
              <TableCell label="Approvals">
                {withdrawal.approvedBy.length} of {withdrawal.requiredApprovals}
              </TableCell>
              <TableCell className="text-right">
                {withdrawal.viewerMay.cannotDecide === "requester" ? (
                  <span className="text-xs text-slate-500">Your request: someone else approves it</span>
                ) : withdrawal.viewerMay.cannotDecide === "approved-already" ? (
                  <span className="text-xs text-slate-500">You approved; waiting for a second approver</span>
                ) : (
                  <DecisionButtons withdrawal={withdrawal} />
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
