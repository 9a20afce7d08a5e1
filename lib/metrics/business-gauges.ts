import "server-only";
import { and, count, eq, isNotNull, lte, min } from "drizzle-orm";
import { invoices, webhookEvents, withdrawals } from "@/lib/db/schema";
import { WITHDRAWAL_STATES } from "@/lib/db/schema/enums";
import type { DbOrTx } from "@/lib/db/types";
import { paydeskMetrics } from "./registry";

/** Scrapes within this long of the last read reuse it: every instance scraped often reads little. */
const CACHE_MS = 5_000;

let lastRead: { at: number; done: Promise<void> } | null = null;

/**
 * Sets the gauges that describe the business from the database every instance shares: payouts by
 * state, the oldest payout awaiting approval and the oldest submitted without a final word, the
 * webhooks waiting to take effect and the invoice refresh loop's lag. Read at scrape time, at
 * most every 5 seconds per process.
 */
export function refreshBusinessGauges(
  db: DbOrTx,
  options: { now?: Date; staleHours: number },
): Promise<void> {
  const now = options.now ?? new Date();
  if (lastRead && now.getTime() - lastRead.at < CACHE_MS) return lastRead.done;
  const done = readBusinessGauges(db, now, options.staleHours).catch((error: unknown) => {
    lastRead = null;
    throw error;
  });
  lastRead = { at: now.getTime(), done };
  return done;
}

const secondsSince = (now: Date, then: Date | null) =>
  then ? Math.max(0, (now.getTime() - then.getTime()) / 1000) : 0;

async function readBusinessGauges(db: DbOrTx, now: Date, staleHours: number): Promise<void> {
  const [byState, [awaiting], [submitted], [webhooks], [refresh]] = await Promise.all([
    db.select({ state: withdrawals.state, n: count() }).from(withdrawals).groupBy(withdrawals.state),
    db
      .select({ oldest: min(withdrawals.createdAt) })
      .from(withdrawals)
      .where(eq(withdrawals.state, "awaiting_approval")),
    db
      .select({ staleAt: min(withdrawals.staleAt) })
      .from(withdrawals)
      .where(eq(withdrawals.state, "submitted")),
    db
      .select({ n: count(), oldest: min(webhookEvents.receivedAt) })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.verified, true), isNotNull(webhookEvents.nextProcessAt))),
    db
      .select({ due: min(invoices.nextRefreshAt) })
      .from(invoices)
      .where(and(isNotNull(invoices.nextRefreshAt), lte(invoices.nextRefreshAt, now))),
  ]);
  const metrics = paydeskMetrics();
  const counts = new Map(byState.map((row) => [row.state, row.n]));
  for (const state of WITHDRAWAL_STATES) metrics.payouts.set({ state }, counts.get(state) ?? 0);
  metrics.oldestPayoutAwaitingApprovalSeconds.set(secondsSince(now, awaiting?.oldest ?? null));
  // A submitted payout's stale deadline is its sending time plus PAYDESK_PAYOUT_STALE_HOURS.
  const sentAt = submitted?.staleAt ? new Date(submitted.staleAt.getTime() - staleHours * 3_600_000) : null;
  metrics.oldestSubmittedPayoutSeconds.set(secondsSince(now, sentAt));
  metrics.webhookEventsUnprocessed.set(webhooks?.n ?? 0);
  metrics.webhookProcessingLagSeconds.set(secondsSince(now, webhooks?.oldest ?? null));
  metrics.invoiceRefreshLagSeconds.set(secondsSince(now, refresh?.due ?? null));
}
