import Link from "next/link";
import { RelativeTime } from "@/components/display/relative-time";
import { Button } from "@/components/ui/button";
import type { WithdrawalView } from "@/lib/withdrawals/withdrawal-view";
import { WithdrawalAmount } from "./withdrawal-amount";

/**
 * Finance's first job: the requests this person may approve (never their own, nor one they
 * approved already), oldest first, each with who asked and why. Deciding happens on the request's
 * page or under Approvals, with the whole picture.
 */
export function ApprovalsWaiting({ rows, shown = 10 }: { rows: WithdrawalView[]; shown?: number }) {
  return (
    <section
      className="grid gap-4 rounded-lg border border-amber-300 bg-white p-6"
      aria-labelledby="approvals-waiting-heading"
      data-testid="approvals-waiting"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="approvals-waiting-heading" className="font-semibold">
          Waiting for your approval{rows.length > 0 ? ` (${rows.length})` : ""}
        </h2>
        <Link href="/withdrawals/approvals" className="text-sm underline underline-offset-2">
          All approvals
        </Link>
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">
          Nothing waits for your approval. Requests by someone else appear here as they come.
        </p>
      ) : (
        <ul className="grid divide-y divide-slate-100 text-sm">
          {rows.slice(0, shown).map((row) => (
            <li
              key={row.id}
              className="grid gap-1 py-2 sm:grid-cols-[1fr_auto] sm:gap-4"
              data-testid={`approval-waiting-${row.orderId}`}
            >
              <div className="min-w-0">
                <Link href={`/withdrawals/${row.id}`} className="font-mono font-medium hover:underline">
                  {row.orderId}
                </Link>
                <span className="text-slate-600">
                  {" "}
                  · requested by {row.requestedByEmail ?? "someone no longer here"}
                </span>
                <p className="text-slate-800 [overflow-wrap:anywhere]">{row.reason}</p>
                {row.approvedBy.length > 0 ? (
                  <p className="text-xs text-slate-600">
                    {row.approvedBy.length} of {row.requiredApprovals} approvals: approved by{" "}
                    {row.approvedBy.join(", ")}
                  </p>
                ) : null}
              </div>
              <div className="flex items-start justify-between gap-4 sm:justify-end">
                <div className="text-left sm:text-right">
                  <p className="font-medium">
                    <WithdrawalAmount withdrawal={row} />
                  </p>
                  <p className="text-xs text-slate-500">
                    {row.network} · <RelativeTime value={row.createdAt} />
                  </p>
                </div>
                <Button asChild size="sm">
                  <Link href={`/withdrawals/${row.id}`} aria-label={`Review ${row.orderId}`}>
                    Review
                  </Link>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {rows.length > shown ? (
        <p className="text-sm text-slate-600">
          And {rows.length - shown} more under{" "}
          <Link href="/withdrawals/approvals" className="underline underline-offset-2">
            Approvals
          </Link>
          .
        </p>
      ) : null}
    </section>
  );
}
