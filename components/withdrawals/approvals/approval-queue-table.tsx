import Link from "next/link";
import { RelativeTime } from "@/components/display/relative-time";
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
import { DecisionButtons } from "@/components/withdrawals/detail/decision-buttons";
import { FiatValueText } from "@/components/withdrawals/fiat-value";
import { KnownBalanceNote } from "@/components/withdrawals/known-balance";
import { RefundOfInvoice } from "@/components/withdrawals/refund-of-invoice";
import { WithdrawalAmount } from "@/components/withdrawals/withdrawal-amount";
import { describeFee } from "@/lib/withdrawals/present";
import type { WithdrawalView } from "@/lib/withdrawals/withdrawal-view";

/**
 * The approvals queue: each row says who asked and why, what leaves and what it is worth, who
 * pays the fee, where it goes, and for a refund its invoice as it is now, beside the decision.
 */
export function ApprovalQueueTable({ queue }: { queue: WithdrawalView[] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Requested by</TableHead>
          <TableHead>Amount</TableHead>
          <TableHead>Why</TableHead>
          <TableHead>To address</TableHead>
          <TableHead className="text-right">Decision</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {queue.length === 0 ? <TableEmpty colSpan={5}>Nothing is waiting for approval.</TableEmpty> : null}
        {queue.map((withdrawal) => (
          <TableRow
            key={withdrawal.id}
            data-testid={`approval-row-${withdrawal.orderId}`}
            className="align-top [&>td]:align-top"
          >
            <TableCell label="Requested by" className="min-w-36">
              <div className="grid gap-0.5">
                <span className="font-medium" data-testid="requester">
                  {withdrawal.requestedByName ??
                    withdrawal.requestedByEmail ??
                    "Someone no longer in Paydesk"}
                </span>
                <span className="text-xs text-slate-500">
                  <RelativeTime value={withdrawal.createdAt} />
                </span>
                <Link
                  href={`/withdrawals/${withdrawal.id}`}
                  className="font-mono text-xs text-slate-600 hover:underline"
                >
                  {withdrawal.orderId}
                </Link>
              </div>
            </TableCell>
            <TableCell label="Amount" className="min-w-52 max-w-72">
              <div className="grid gap-1">
                <span>
                  <WithdrawalAmount withdrawal={withdrawal} className="font-semibold" />{" "}
                  <span className="text-xs text-slate-500">on {withdrawal.network}</span>
                </span>
                <span className="text-xs text-slate-600">
                  <FiatValueText value={withdrawal.fiatValue} coin={withdrawal.currency} />
                </span>
                <span className="text-xs text-slate-600" data-testid="fee-rule">
                  {describeFee(withdrawal.isSubtract)}
                </span>
                <KnownBalanceNote
                  known={withdrawal.knownBalance}
                  amount={withdrawal.amount}
                  currency={withdrawal.currency}
                  network={withdrawal.network}
                />
              </div>
            </TableCell>
            <TableCell label="Why" className="min-w-48 max-w-72 text-sm">
              <div className="grid gap-1">
                <span className="break-words" data-testid="reason">
                  {withdrawal.reason}
                </span>
                <RefundOfInvoice refundOf={withdrawal.refundOf} />
              </div>
            </TableCell>
            <TableCell label="To address" className="max-w-44">
              <div className="grid min-w-0 justify-items-start gap-1 max-sm:w-full max-sm:justify-items-end">
                <span className="block max-w-full truncate font-mono text-xs" title={withdrawal.address}>
                  {withdrawal.address}
                </span>
                {withdrawal.newAddress ? <Badge tone="warning">Never paid before</Badge> : null}
              </div>
            </TableCell>
            <TableCell label="Decision" className="min-w-44 text-right">
              <div className="grid justify-items-end gap-2">
                <span className="text-xs text-slate-500">
                  {withdrawal.approvedBy.length} of {withdrawal.requiredApprovals} approvals
                </span>
                {withdrawal.whyTwoApprovals ? (
                  <span className="max-w-56 text-xs text-slate-600" data-testid="why-two-approvals">
                    {withdrawal.whyTwoApprovals}
                  </span>
                ) : null}
                {withdrawal.viewerMay.cannotDecide === "requester" ? (
                  <span className="text-xs text-slate-500">Your request: someone else approves it</span>
                ) : withdrawal.viewerMay.cannotDecide === "approved-already" ? (
                  <span className="text-xs text-slate-500">You approved; waiting for a second approver</span>
                ) : (
                  <DecisionButtons withdrawal={withdrawal} />
                )}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
