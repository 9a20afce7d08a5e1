"use client";

import { useRouter } from "next/navigation";
import { RelativeTime } from "@/components/display/relative-time";
import { Button } from "@/components/ui/button";
import { ConfirmWithNote } from "@/components/ui/confirm-with-note";
import type { UnmatchedReportRow } from "@/lib/unmatched-reports/list-unmatched";
import { reviewUnmatchedReportAction } from "@/lib/unmatched-reports/actions";
import { reviewUnmatchedSchema } from "@/lib/unmatched-reports/review-schema";

/**
 * Finance's worklist of reports from the service about orders Paydesk never made: money the
 * service says moved that no invoice or payout here accounts for. Each waits until someone in
 * finance has looked into it at the service and says what they found. Shown only when there are
 * some.
 */
export function UnmatchedReports({ rows }: { rows: UnmatchedReportRow[] }) {
  if (rows.length === 0) return null;
  return (
    <section
      className="grid gap-4 rounded-lg border border-red-200 bg-white p-6"
      aria-label="Reports for orders Paydesk never made"
      data-testid="unmatched-reports"
    >
      <div>
        <h2 className="font-semibold">Reports for orders Paydesk never made</h2>
        <p className="text-sm text-slate-600">
          The service says money moved for these order ids, and nothing in Paydesk accounts for it. Look each
          one up in the service&apos;s back office.
        </p>
      </div>
      <ul className="grid divide-y divide-slate-100 text-sm">
        {rows.map((row) => (
          <li
            key={row.id}
            id={`report-${row.id}`}
            className="grid gap-2 py-2 sm:grid-cols-[1fr_auto] sm:gap-4"
            data-testid={`unmatched-report-${row.orderId}`}
          >
            <div>
              <p className="font-mono font-medium break-all">{row.orderId}</p>
              <p className="text-slate-800">{row.what}</p>
              <p className="text-xs text-slate-500">
                First reported <RelativeTime value={row.firstSeenAt} />
              </p>
            </div>
            <div className="self-start">
              <LookedIntoButton report={row} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function LookedIntoButton({ report }: { report: UnmatchedReportRow }) {
  const router = useRouter();
  return (
    <ConfirmWithNote
      trigger={
        <Button size="sm" variant="secondary" aria-label={`Looked into it: ${report.orderId}`}>
          Looked into it
        </Button>
      }
      title={`Looked into ${report.orderId}`}
      confirmLabel="Take it off the worklist"
      explanation={report.what}
      noteId={`note-report-${report.id}`}
      noteLabel="What you found (required)"
      parse={(note) => {
        const input = reviewUnmatchedSchema.safeParse({ reportId: report.id, note });
        return input.success
          ? { ok: true, input: input.data }
          : { ok: false, error: input.error.issues[0]?.message };
      }}
      submit={reviewUnmatchedReportAction}
      onDone={() => router.refresh()}
    />
  );
}
