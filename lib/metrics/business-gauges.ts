import "server-only";
import { and, count, eq, inArray, isNotNull, isNull, lte, min } from "drizzle-orm";
import { invoices, outbox, webhookEvents, withdrawals } from "@/lib/db/schema";
import { OUTBOX_STATES } from "@/lib/db/schema/outbox";
import { WITHDRAWAL_STATES } from "@/lib/db/schema/enums";
import type { DbOrTx } from "@/lib/db/types";
import { paydeskMetrics } from "./registry";

/** Scrapes within this long of the last read reuse it: every instance scraped often reads little. */
const CACHE_MS = 5_000;

let lastRead: { at: number; done: Promise<void> } | null = null;

/**
 * Sets the gauges that describe the business from the database every instance shares: payouts by
 * state, the oldest payout awaiting approval and the oldest submitted without a final word, the
 * webhooks waiting to take effect, the invoice refresh loop's lag, the outbox by state and its
 * oldest unsent message, and the invoices not sent. Read at scrape time, at most every 5 seconds
 * per process; a read that fails rejects, and the gauges are then reset (the scrape leaves them
 * out: scrape.ts).
 */
export function refreshBusinessGauges(
  db: DbOrTx,
  options: { now?: Date; staleHours: number },
): Promise<void> {
  const now = options.now ?? new Date();
  if (lastRead && now.getTime() - lastRead.at < CACHE_MS) return lastRead.done;
  const done = readBusinessGauges(db, now, options.staleHours).catch((error: unknown) => {
    discardBusinessGauges();
    throw error;
  });
  lastRead = { at: now.getTime(), done };
  return done;
}

/** Forgets the gauges' values and the last read: the next scrape that can read them reads afresh. */
export function discardBusinessGauges(): void {
  lastRead = null;
  paydeskMetrics().databaseRegistry.resetMetrics();
}

const secondsSince = (now: Date, then: Date | null) =>
  then ? Math.max(0, (now.getTime() - then.getTime()) / 1000) : 0;

async function readBusinessGauges(db: DbOrTx, now: Date, staleHours: number): Promise<void> {
  const [byState, [awaiting], [submitted], [webhooks], [refresh], mailByState, [unsent], [notSent]] =
    await Promise.all([
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
      db.select({ state: outbox.state, n: count() }).from(outbox).groupBy(outbox.state),
      db
        .select({ oldest: min(outbox.createdAt) })
        .from(outbox)
        .where(inArray(outbox.state, ["queued", "sending"])),
      // As the System page counts them (lib/system/work-counts.ts): no service id, given up sending.
      db
        .select({ n: count() })
        .from(invoices)
        .where(
          and(isNull(invoices.serviceId), eq(invoices.creationState, "sending"), isNull(invoices.nextSendAt)),
        ),
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
  const mail = new Map(mailByState.map((row) => [row.state, row.n]));
  for (const state of OUTBOX_STATES) metrics.mailMessages.set({ state }, mail.get(state) ?? 0);
  metrics.oldestUnsentMailSeconds.set(secondsSince(now, unsent?.oldest ?? null));
  metrics.invoicesNotSent.set(notSent?.n ?? 0);
}
