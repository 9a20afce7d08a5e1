import "server-only";
import type { Db } from "@/lib/db/types";
import { staleWhileRevalidate, type Snapshot } from "@/lib/stale-while-revalidate";
import { countInvoicesByStatus, type StatusCounts } from "./dashboard";

/**
 * The home page's invoice counts of the last seven days, computed at most once per this many
 * seconds per process and shared by every reader. On a ledger of millions they count a week of a
 * busy shop's invoices (some 190,000 rows at 10,000,000 a year), more than a page should wait for
 * on each visit; the page says when they were computed. (What was received is read live from the
 * books' quarter-hour sums: lib/books.)
 */
export const DASHBOARD_FRESH_SECONDS = 30;

export interface DashboardWindows {
  weekStart: Date;
}

export interface DashboardFigures {
  weekCounts: StatusCounts;
}

type Reader = (key: string) => Promise<Snapshot<DashboardFigures>>;
const readers = new WeakMap<Db, Reader>();

export function dashboardFigures(
  db: Db,
  { weekStart }: DashboardWindows,
): Promise<Snapshot<DashboardFigures>> {
  let read = readers.get(db);
  if (!read) {
    read = staleWhileRevalidate(
      async (key) => ({ weekCounts: await countInvoicesByStatus(db, new Date(key)) }),
      { freshMs: DASHBOARD_FRESH_SECONDS * 1000 },
    );
    readers.set(db, read);
  }
  return read(weekStart.toISOString());
}
