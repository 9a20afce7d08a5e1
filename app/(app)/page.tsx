import Link from "next/link";
import { ApprovalsWaiting } from "@/components/dashboard/approvals-waiting";
import { ChangesWaiting } from "@/components/dashboard/changes-waiting";
import { CoinBalances } from "@/components/dashboard/coin-balances";
import { ExceptionsCount } from "@/components/dashboard/exceptions-count";
import { ExceptionsList } from "@/components/dashboard/exceptions-list";
import { InvoiceOverview } from "@/components/dashboard/invoice-overview";
import { PayoutsWorklist } from "@/components/dashboard/payouts-worklist";
import { ReceiptsPerDay } from "@/components/dashboard/receipts-per-day";
import { SystemGlance } from "@/components/dashboard/system-glance";
import { TodaysInvoices } from "@/components/dashboard/todays-invoices";
import { UnmatchedReports } from "@/components/dashboard/unmatched-reports";
import { UnsentInvoices } from "@/components/dashboard/unsent-invoices";
import { Button } from "@/components/ui/button";
import { requireUser } from "@/lib/auth/guards";
import { can } from "@/lib/auth/permissions";
import { ROLE_LABELS } from "@/lib/auth/roles";
import { balancesSnapshot } from "@/lib/books/balances-snapshot";
import { readerDays, receivedByDay } from "@/lib/books/received-by-day";
import { receiptSeries } from "@/lib/books/receipt-series";
import { listChanges } from "@/lib/change-review/queries";
import { getDb } from "@/lib/db/client";
import { currentDisplay } from "@/lib/display/current-display";
import { startOfDayIn } from "@/lib/display/day-start";
import { countUnresolvedExceptions } from "@/lib/exceptions/unresolved";
import { listResolvedExceptions, listUnresolvedExceptions } from "@/lib/exceptions/worklist";
import { countInvoicesByStatus } from "@/lib/invoices/dashboard";
import { dashboardFigures } from "@/lib/invoices/dashboard-snapshot";
import { listInvoices } from "@/lib/invoices/list-invoices";
import { listUnsentInvoices } from "@/lib/invoices/unsent-invoices";
import { troubledLoops } from "@/lib/system/at-a-glance";
import { currentSystemInputs } from "@/lib/system/process-facts";
import { COUNT_CAP, countDueWork } from "@/lib/system/work-counts";
import { listAwaitingApproval } from "@/lib/withdrawals/approval-queue";
import { listWaitingUnmatchedReports } from "@/lib/unmatched-reports/list-unmatched";
import { listPayoutsNeedingAttention } from "@/lib/withdrawals/attention";

const DAY_MS = 86_400_000;
/** The exceptions count on the worklist stops here ("99+"). */
const EXCEPTIONS_CAP = 100;
/** Support's home lists their last few invoices of the day; "See all" opens the list filtered the same way. */
const OWN_TODAY_SHOWN = 10;
const RECEIPT_DAYS = 30;

/**
 * Home: each person's own work first, by what their role may do. Finance: the requests waiting
 * for their approval, then the payouts that need finance. Admins: the changes another admin
 * proposed, then the system's state. Finance and admins then see the balances the books give.
 * Support (and admins): the invoice exceptions to resolve, the invoices not sent, their invoices of
 * today. Then, for everyone, the invoices at a glance and what was received per day.
 */
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
  const display = await currentDisplay();
  const may = {
    approve: can(user.role, "withdrawals:approve"),
    decideChanges: can(user.role, "changes:decide"),
    readSystem: can(user.role, "system:read"),
    resolve: can(user.role, "invoices:resolve"),
    create: can(user.role, "invoices:create"),
    seeBooks: can(user.role, "books:view"),
  };
  const now = new Date();
  // "Today" and the days of what was received are the person's; the shared snapshot of the last
  // 7 days keeps UTC days.
  const today = display.today(now);
  const todayStart = startOfDayIn(today, display.prefs.timeZone);
  const receiptDays = readerDays(today, RECEIPT_DAYS, display.prefs.timeZone);
  const utcToday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekStart = new Date(utcToday.getTime() - 6 * DAY_MS);
  const system = may.readSystem ? currentSystemInputs() : null;

  const [
    figures,
    todayCounts,
    receipts,
    balances,
    unresolvedCount,
    unresolved,
    resolved,
    unsent,
    approvals,
    payouts,
    changes,
    ownRecent,
    dueWork,
    unmatched,
  ] = await Promise.all([
    dashboardFigures(db, { weekStart }),
    countInvoicesByStatus(db, todayStart),
    receivedByDay(db, receiptDays.days, receiptDays.end),
    may.seeBooks ? balancesSnapshot(db) : null,
    countUnresolvedExceptions(db, EXCEPTIONS_CAP),
    may.resolve && view === "unresolved" ? listUnresolvedExceptions(db) : [],
    may.resolve && view === "resolved" ? listResolvedExceptions(db) : [],
    may.create ? listUnsentInvoices(db) : [],
    may.approve ? listAwaitingApproval(db, user) : [],
    may.approve ? listPayoutsNeedingAttention(db) : null,
    may.decideChanges ? listChanges(db, user.id, { state: "pending" }) : [],
    may.create ? listInvoices(db, { createdBy: user.id, limit: 25 }) : null,
    system ? countDueWork(db, now) : null,
    may.approve ? listWaitingUnmatchedReports(db) : [],
  ]);
  const ownToday = (ownRecent?.rows ?? []).filter((row) => row.createdAt >= todayStart);
  const { weekCounts } = figures.value;

  return (
    <div className="grid min-w-0 gap-6">
      {heading}
      {may.approve ? <ApprovalsWaiting rows={approvals.filter((row) => row.viewerMay.decide)} /> : null}
      {payouts ? <PayoutsWorklist rows={payouts} /> : null}
      {may.approve ? <UnmatchedReports rows={unmatched} /> : null}
      {may.decideChanges ? (
        <ChangesWaiting
          waiting={changes.filter((change) => change.waitsForViewer)}
          mine={changes.filter((change) => change.viewerMay.cancel)}
        />
      ) : null}
      {system && dueWork ? (
        <SystemGlance
          loops={troubledLoops(system.loops, now.getTime())}
          queues={{ ...dueWork, webhookProcessingBacklog: system.webhookProcessingBacklog }}
          cap={COUNT_CAP}
        />
      ) : null}
      {balances ? (
        <CoinBalances display={display} rows={balances.value} computedAt={balances.computedAt} />
      ) : null}
      {may.resolve ? (
        <ExceptionsList
          view={view}
          unresolvedCount={unresolvedCount}
          unresolved={unresolved}
          resolved={resolved}
        />
      ) : null}
      <UnsentInvoices rows={unsent} />
      {/* Support's day; an admin who creates invoices sees theirs only when there are some. */}
      {may.create && (!may.decideChanges || ownToday.length > 0) ? (
        <TodaysInvoices
          zone={display.prefs.timeZone}
          today={today}
          more={ownToday.length > OWN_TODAY_SHOWN}
          rows={ownToday.slice(0, OWN_TODAY_SHOWN).map((row) => ({
            id: row.id,
            orderId: row.orderId,
            status: row.status,
            resolution: row.resolution,
            amount: row.amount,
            fiatCurrency: row.fiatCurrency,
            customerId: row.customerId,
            createdAt: row.createdAt.toISOString(),
          }))}
        />
      ) : null}
      <InvoiceOverview
        display={display}
        today={today}
        todayCounts={todayCounts}
        weekStart={weekStart.toISOString().slice(0, 10)}
        weekCounts={weekCounts}
        computedAt={figures.computedAt}
      />
      <ReceiptsPerDay
        display={display}
        coins={receiptSeries(
          receipts,
          receiptDays.days.map((day) => day.day),
        )}
      />
      {may.resolve ? null : <ExceptionsCount count={unresolvedCount} cap={EXCEPTIONS_CAP} />}
    </div>
  );
}
