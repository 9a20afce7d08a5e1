import "server-only";
import { asc, isNull } from "drizzle-orm";
import { unmatchedReports } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { describeUnmatched } from "./describe";

/** At most this many on the worklist; the oldest first (they have waited longest). */
const SHOWN = 100;

export interface UnmatchedReportRow {
  id: string;
  orderId: string;
  resource: "invoice" | "withdrawal";
  what: string;
  amount: string | null;
  currency: string | null;
  network: string | null;
  firstSeenAt: string;
  lastSeenAt: string;
}

/** Reports about orders Paydesk never made that nobody has looked into yet, oldest first. */
export async function listWaitingUnmatchedReports(db: DbOrTx): Promise<UnmatchedReportRow[]> {
  const rows = await db
    .select()
    .from(unmatchedReports)
    .where(isNull(unmatchedReports.reviewedAt))
    .orderBy(asc(unmatchedReports.firstSeenAt), asc(unmatchedReports.id))
    .limit(SHOWN);
  return rows.map((row) => ({
    id: row.id,
    orderId: row.orderId,
    resource: row.resource,
    what: describeUnmatched(row),
    amount: row.amount,
    currency: row.currency,
    network: row.network,
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
  }));
}
