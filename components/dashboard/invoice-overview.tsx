import type { DisplayFormatter } from "@/lib/display/formatter";
import type { StatusCounts as Counts } from "@/lib/invoices/dashboard";
import { DASHBOARD_FRESH_SECONDS } from "@/lib/invoices/dashboard-snapshot";
import type { volumeSeries } from "@/lib/invoices/volume-series";
import { PaidVolumeChart } from "./paid-volume-chart";
import { StatusCounts } from "./status-counts";

/**
 * Invoices at a glance: created today (from the person's midnight, counted live), the last seven
 * days and the paid volume of thirty (UTC days: Postgres sums them per UTC day, and they come
 * from the shared snapshot), each label saying which.
 */
export function InvoiceOverview({
  display,
  today,
  todayCounts,
  weekStart,
  weekCounts,
  series,
  computedAt,
}: {
  display: DisplayFormatter;
  /** The person's calendar day ("2026-11-25"). */
  today: string;
  todayCounts: Counts;
  /** The first of the seven UTC days. */
  weekStart: string;
  weekCounts: Counts;
  series: ReturnType<typeof volumeSeries>;
  computedAt: Date;
}) {
  const zone = display.prefs.timeZone;
  return (
    <>
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
          Today&apos;s count is live. The last 7 days and the paid volume are as of{" "}
          {display.timeOfDay(computedAt)} (recomputed at most every {DASHBOARD_FRESH_SECONDS} seconds).
        </p>
      </div>
      <section
        className="grid min-w-0 gap-4 rounded-lg border border-slate-200 bg-white p-6"
        aria-label="Paid volume"
      >
        <div>
          <h2 className="font-semibold">Paid per day, last 30 days</h2>
          <p className="text-xs text-slate-500">
            Paid, overpaid, and underpaid invoices accepted as paid, on the UTC day of their last payment,
            with what was paid in fiat.
          </p>
        </div>
        {series.length === 0 ? (
          <p className="text-sm text-slate-500">No paid invoices in the last 30 days.</p>
        ) : (
          series.map(({ currency, points }) => (
            <PaidVolumeChart
              key={currency}
              currency={currency}
              points={points}
              money={(amount) => display.fiat(amount, currency)}
            />
          ))
        )}
      </section>
    </>
  );
}
