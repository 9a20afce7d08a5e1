import type { DisplayFormatter } from "@/lib/display/formatter";
import type { StatusCounts as Counts } from "@/lib/invoices/dashboard";
import { DASHBOARD_FRESH_SECONDS } from "@/lib/invoices/dashboard-snapshot";
import { StatusCounts } from "./status-counts";

/**
 * Invoices at a glance: created today (from the person's midnight, counted live) and the last seven
 * days (UTC days: they come from the shared snapshot), each label saying which.
 */
export function InvoiceOverview({
  display,
  today,
  todayCounts,
  weekStart,
  weekCounts,
  computedAt,
}: {
  display: DisplayFormatter;
  /** The person's calendar day ("2026-11-25"). */
  today: string;
  todayCounts: Counts;
  /** The first of the seven UTC days. */
  weekStart: string;
  weekCounts: Counts;
  computedAt: Date;
}) {
  const zone = display.prefs.timeZone;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <StatusCounts
        title="Created today"
        note={`Since midnight, ${zone} time`}
        counts={todayCounts}
        from={today}
      />
      <StatusCounts
        title="Last 7 days"
        note="Seven UTC days, today's included"
        counts={weekCounts}
        from={weekStart}
      />
      <p className="text-xs text-slate-500 md:col-span-2" data-testid="dashboard-as-of">
        Today&apos;s count is live. The last 7 days are as of {display.timeOfDay(computedAt)} (recomputed at
        most every {DASHBOARD_FRESH_SECONDS} seconds).
      </p>
    </div>
  );
}
