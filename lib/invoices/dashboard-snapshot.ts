import "server-only";
import type { Db } from "@/lib/db/types";
import { staleWhileRevalidate, type Snapshot } from "@/lib/stale-while-revalidate";
import { countInvoicesByStatus, paidVolumeByDay, type DailyVolume, type StatusCounts } from "./dashboard";

/**
 * The home page's aggregates (status counts of the day and the week, paid volume of 30 days),
 * computed at most once per this many seconds per process and shared by every reader. On a ledger
 * of millions they read hundreds of thousands of rows (a month of a busy shop), far more than a
 * page can wait for on each visit; the page says when they were computed.
 */
export const DASHBOARD_FRESH_SECONDS = 30;

export interface DashboardWindows {
  today: Date;
  weekStart: Date;
  monthStart: Date;
}

export interface DashboardFigures {
  todayCounts: StatusCounts;
  weekCounts: StatusCounts;
  volume: DailyVolume[];
}

type Reader = (key: string) => Promise<Snapshot<DashboardFigures>>;
const readers = new WeakMap<Db, Reader>();

export function dashboardFigures(db: Db, windows: DashboardWindows): Promise<Snapshot<DashboardFigures>> {
  let read = readers.get(db);
  if (!read) {
    read = staleWhileRevalidate((key) => computeFigures(db, windowsOf(key)), {
      freshMs: DASHBOARD_FRESH_SECONDS * 1000,
    });
    readers.set(db, read);
  }
  return read([windows.today, windows.weekStart, windows.monthStart].map((d) => d.toISOString()).join(" "));
}

async function computeFigures(db: Db, { today, weekStart, monthStart }: DashboardWindows) {
  const [todayCounts, weekCounts, volume] = await Promise.all([
    countInvoicesByStatus(db, today),
    countInvoicesByStatus(db, weekStart),
    paidVolumeByDay(db, monthStart),
  ]);
  return { todayCounts, weekCounts, volume };
}

function windowsOf(key: string): DashboardWindows {
  const [today = "", weekStart = "", monthStart = ""] = key.split(" ");
  return { today: new Date(today), weekStart: new Date(weekStart), monthStart: new Date(monthStart) };
}
