import type { Metadata } from "next";
import { ApprovalQueueTable } from "@/components/withdrawals/approvals/approval-queue-table";
import { requirePermission } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { listAwaitingApproval } from "@/lib/withdrawals/approval-queue";

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
      <ApprovalQueueTable queue={queue} />
    </div>
  );
}
