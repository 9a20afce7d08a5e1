import Link from "next/link";
import { ExceptionsList } from "@/components/dashboard/exceptions-list";
import { PayoutsWorklist } from "@/components/dashboard/payouts-worklist";
import { PaidVolumeChart } from "@/components/dashboard/paid-volume-chart";
import { StatusCounts } from "@/components/dashboard/status-counts";
import { UnsentInvoices } from "@/components/dashboard/unsent-invoices";
import { Button } from "@/components/ui/button";
import { requireUser } from "@/lib/auth/guards";
import { can } from "@/lib/auth/permissions";
import { ROLE_LABELS } from "@/lib/auth/roles";
import { getDb } from "@/lib/db/client";
import { countUnresolvedExceptions } from "@/lib/exceptions/unresolved";
import { listResolvedExceptions, listUnresolvedExceptions } from "@/lib/exceptions/worklist";
import { DASHBOARD_FRESH_SECONDS, dashboardFigures } from "@/lib/invoices/dashboard-snapshot";
import { listUnsentInvoices } from "@/lib/invoices/unsent-invoices";
import { lastDays, volumeSeries } from "@/lib/invoices/volume-series";
import { listPayoutsNeedingAttention } from "@/lib/withdrawals/attention";

const DAY_MS = 86_400_000;

export default async function HomePage({
  searchParams,
}: {
  searchParams: Promise<{ exceptions?: string | string[] }>;
}) {
  const user = await requireUser();
  const view = (await searchParams).exceptions === "resolved" ? "resolved" : "unresolved";
  const heading = (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold">Welcome, {user.name}</h1>
        <p className="text-slate-600">You are signed in as {ROLE_LABELS[user.role]}.</p>
      </div>
      {can(user.role, "invoices:create") ? (
        <Button asChild>
          <Link href="/invoices/new">New invoice</Link>
        </Button>
      ) : null}
    </div>
  );
  if (!can(user.role, "invoices:view")) return heading;

  const db = await getDb();
  // Finance's own work first: the payouts that wait for one of them.
  const payouts = can(user.role, "withdrawals:approve") ? await listPayoutsNeedingAttention(db) : null;
  const now = new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekStart = new Date(today.getTime() - 6 * DAY_MS);
  const days = lastDays(30, now);
  const monthStart = new Date(`${days[0]}T00:00:00Z`);
  const [figures, unresolvedCount, unresolved, resolved, unsent] = await Promise.all([
    dashboardFigures(db, { today, weekStart, monthStart }),
    countUnresolvedExceptions(db),
    view === "unresolved" ? listUnresolvedExceptions(db) : [],
    view === "resolved" ? listResolvedExceptions(db) : [],
    can(user.role, "invoices:create") ? listUnsentInvoices(db) : [],
  ]);
  const { todayCounts, weekCounts, volume } = figures.value;
  const series = volumeSeries(volume, days);

  return (
    <div className="grid gap-6">
      {heading}
      {payouts ? <PayoutsWorklist rows={payouts} /> : null}
      <UnsentInvoices rows={unsent} />
      <div className="grid gap-6 md:grid-cols-2">
        <StatusCounts
          title="Created today (UTC)"
          counts={todayCounts}
          from={today.toISOString().slice(0, 10)}
        />
        <StatusCounts title="Last 7 days" counts={weekCounts} from={weekStart.toISOString().slice(0, 10)} />
        <p className="text-xs text-slate-500 md:col-span-2" data-testid="dashboard-as-of">
          Counts and paid volume as of {figures.computedAt.toISOString().slice(11, 19)} UTC (recomputed at
          most every {DASHBOARD_FRESH_SECONDS} seconds); the exceptions below are live.
        </p>
      </div>
      <section
        className="grid gap-4 rounded-lg border border-slate-200 bg-white p-6"
        aria-label="Paid volume"
      >
        <div>
          <h2 className="font-semibold">Paid per day, last 30 days</h2>
          <p className="text-xs text-slate-500">
            Paid, overpaid, and underpaid invoices accepted as paid, on the day of their last payment (UTC),
            with what was paid in fiat.
          </p>
        </div>
        {series.length === 0 ? (
          <p className="text-sm text-slate-500">No paid invoices in the last 30 days.</p>
        ) : (
          series.map(({ currency, points }) => (
            <PaidVolumeChart key={currency} currency={currency} points={points} />
          ))
        )}
      </section>
      <ExceptionsList
        view={view}
        unresolvedCount={unresolvedCount}
        unresolved={unresolved}
        resolved={resolved}
      />
    </div>
  );
}
