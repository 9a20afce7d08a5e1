import Link from "next/link";
import { ChangeActions } from "@/components/changes/detail/change-actions";
import { RelativeTime } from "@/components/display/relative-time";
import type { ChangeView } from "@/lib/change-review/queries";

/**
 * An admin's first job: the changes to who may pay that another admin proposed and this one may
 * decide, oldest first, each with who asked, why, and Approve / Reject. Below, the admin's own
 * proposals and who was told of them.
 */
export function ChangesWaiting({ waiting, mine }: { waiting: ChangeView[]; mine: ChangeView[] }) {
  return (
    <section
      className="grid gap-4 rounded-lg border border-amber-300 bg-white p-6"
      aria-labelledby="changes-waiting-heading"
      data-testid="changes-waiting"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="changes-waiting-heading" className="font-semibold">
          Pending changes waiting for you{waiting.length > 0 ? ` (${waiting.length})` : ""}
        </h2>
        <Link href="/admin/changes" className="text-sm underline underline-offset-2">
          All pending changes
        </Link>
      </div>
      {waiting.length === 0 ? (
        <p className="text-sm text-slate-500">
          No change waits for you. When another admin proposes one, you are notified and it appears here.
        </p>
      ) : (
        <ul className="grid divide-y divide-slate-100 text-sm">
          {waiting.map((change) => (
            <li
              key={change.id}
              className="grid gap-2 py-2 sm:grid-cols-[1fr_auto] sm:gap-4"
              data-testid={`change-waiting-${change.id}`}
            >
              <div className="min-w-0">
                <p className="font-medium [overflow-wrap:anywhere]">{change.description}</p>
                {change.reason ? (
                  <p className="text-slate-700 [overflow-wrap:anywhere]">Reason: {change.reason}</p>
                ) : null}
                <p className="text-xs text-slate-500">
                  Proposed by {change.proposedBy} · <RelativeTime value={change.proposedAt} />
                </p>
              </div>
              <ChangeActions change={change} />
            </li>
          ))}
        </ul>
      )}
      {mine.length > 0 ? (
        <div className="grid gap-1 border-t border-slate-100 pt-3 text-sm" data-testid="my-proposals">
          <h3 className="font-medium">Your proposals, waiting for another admin</h3>
          <ul className="grid gap-1">
            {mine.map((change) => (
              <li key={change.id} className="[overflow-wrap:anywhere]">
                {change.description}{" "}
                <span className="text-xs text-slate-500">
                  · <RelativeTime value={change.proposedAt} />
                  {change.notified > 0
                    ? ` · ${change.notified === 1 ? "1 admin" : `${change.notified} admins`} notified`
                    : ""}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
