import "server-only";
import { and, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { invoices, pendingChanges, webhookEvents, withdrawals } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { countUnresolvedExceptions } from "@/lib/exceptions/unresolved";
import { countPayoutsNeedingAttention } from "@/lib/withdrawals/attention";
import { PENDING_OUTCOME } from "@/lib/webhooks/store-event";

/** Every count stops here (the page says "1000+"): counting a whole large ledger is not worth it. */
export const COUNT_CAP = 1_000;

/** Work the background loops have in hand: stored rows due (or waiting) for their next step. */
export interface DueWork {
  /** Verified webhook events that have not taken effect yet (pending or failed, to be retried). */
  webhookEventsUnprocessed: number;
  /** Of those, the ones whose time has come: the sweep takes them on its next round. */
  webhookEventsDue: number;
  /** Payouts whose outcome is unknown (or whose submission stalled), due to be sent again. */
  withdrawalsDueForResubmission: number;
  /** Invoice creations the service has not confirmed, due to be sent again. */
  invoiceCreationsDue: number;
  /** Open invoices due for a poll of the service. */
  invoicesDueForRefresh: number;
}

/** Work no loop will do: it waits for a person. */
export interface PeopleWork {
  /** Finance's worklist, "Payouts that need finance" (refused, failed, to review, in conflict). */
  payoutsNeedingFinance: number;
  unresolvedInvoiceExceptions: number;
  /** Invoice creations the loop stopped sending: someone checks and uses Send again. */
  invoicesNotSent: number;
  /** Changes to who may pay, waiting for a second admin. */
  pendingChanges: number;
  /** Webhook events whose processing failed for good: an admin processes them again by hand. */
  webhookEventsFailed: number;
}

async function countCapped(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(COUNT_CAP)
    .as("capped");
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(capped);
  return row?.count ?? 0;
}

export async function countDueWork(db: DbOrTx, now: Date): Promise<DueWork> {
  const unprocessed = and(
    isNotNull(webhookEvents.nextProcessAt),
    eq(webhookEvents.verified, true),
    inArray(webhookEvents.outcome, [PENDING_OUTCOME, "failed"]),
  );
  const [webhookEventsUnprocessed, webhookEventsDue, withdrawalsDue, creationsDue, refreshesDue] =
    await Promise.all([
      countCapped(db, webhookEvents, unprocessed),
      countCapped(db, webhookEvents, and(unprocessed, lte(webhookEvents.nextProcessAt, now))),
      countCapped(
        db,
        withdrawals,
        and(inArray(withdrawals.state, ["unknown", "submitting"]), lte(withdrawals.nextSubmitAt, now)),
      ),
      countCapped(
        db,
        invoices,
        and(
          eq(invoices.creationState, "sending"),
          isNotNull(invoices.nextSendAt),
          lte(invoices.nextSendAt, now),
        ),
      ),
      countCapped(db, invoices, and(isNotNull(invoices.nextRefreshAt), lte(invoices.nextRefreshAt, now))),
    ]);
  return {
    webhookEventsUnprocessed,
    webhookEventsDue,
    withdrawalsDueForResubmission: withdrawalsDue,
    invoiceCreationsDue: creationsDue,
    invoicesDueForRefresh: refreshesDue,
  };
}

export async function countPeopleWork(db: DbOrTx): Promise<PeopleWork> {
  const [payouts, exceptions, notSent, changes, failedEvents] = await Promise.all([
    countPayoutsNeedingAttention(db, COUNT_CAP),
    countUnresolvedExceptions(db, COUNT_CAP),
    // As listUnsentInvoices (lib/invoices/unsent-invoices.ts): no service id, sending, given up.
    countCapped(
      db,
      invoices,
      and(isNull(invoices.serviceId), eq(invoices.creationState, "sending"), isNull(invoices.nextSendAt)),
    ),
    countCapped(db, pendingChanges, eq(pendingChanges.state, "pending")),
    countCapped(
      db,
      webhookEvents,
      and(
        eq(webhookEvents.verified, true),
        eq(webhookEvents.outcome, "failed"),
        isNull(webhookEvents.nextProcessAt),
      ),
    ),
  ]);
  return {
    payoutsNeedingFinance: payouts,
    unresolvedInvoiceExceptions: exceptions,
    invoicesNotSent: notSent,
    pendingChanges: changes,
    webhookEventsFailed: failedEvents,
  };
}

/**
 * Nothing records the service's last answer, so it is read from what the answers left: the last
 * invoice read from the service, and the last webhook whose signature it verified.
 */
export async function lastServiceContact(
  db: DbOrTx,
): Promise<{ lastInvoiceSync: Date | null; lastVerifiedWebhook: Date | null }> {
  const [[synced], [webhook]] = await Promise.all([
    db
      .select({ at: sql<Date | null>`max(${invoices.lastSyncedAt})`.mapWith(invoices.lastSyncedAt) })
      .from(invoices),
    db
      .select({ at: webhookEvents.receivedAt })
      .from(webhookEvents)
      .where(eq(webhookEvents.verified, true))
      .orderBy(sql`${webhookEvents.receivedAt} desc`)
      .limit(1),
  ]);
  return { lastInvoiceSync: synced?.at ?? null, lastVerifiedWebhook: webhook?.at ?? null };
}
