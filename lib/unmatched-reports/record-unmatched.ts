import "server-only";
import Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { unmatchedReports } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { notify } from "@/lib/notifications/notify";
import { peopleWhoMay } from "@/lib/notifications/recipients";
import { describeUnmatched } from "./describe";

export interface UnmatchedInput {
  resource: "invoice" | "withdrawal";
  orderId: string;
  serviceId: string | null;
  status: string | null;
  /** What the service says moved, as a decimal string; null when it did not say (or not as a number). */
  amount: string | null;
  currency: string | null;
  network: string | null;
  webhookEventId: string | null;
}

const DECIMAL = /^\d{1,30}(\.\d{1,18})?$/;

/**
 * Puts a verified report about an order id Paydesk never made on finance's worklist (one waiting
 * row per order: a later report updates it), and tells finance the first time. Never dropped: the
 * service says money moved that nothing here accounts for. Returns the row's id.
 */
export async function recordUnmatchedReport(db: DbOrTx, input: UnmatchedInput): Promise<string> {
  const amount = input.amount && DECIMAL.test(input.amount) ? new Decimal(input.amount).toFixed() : null;
  const values = {
    resource: input.resource,
    orderId: input.orderId.slice(0, 255),
    serviceId: input.serviceId?.slice(0, 255) ?? null,
    status: input.status?.slice(0, 64) ?? null,
    amount,
    currency: input.currency?.slice(0, 16) ?? null,
    network: input.network?.slice(0, 16) ?? null,
    firstWebhookEventId: input.webhookEventId,
  };
  const [row] = await db
    .insert(unmatchedReports)
    .values(values)
    .onConflictDoUpdate({
      target: [unmatchedReports.resource, unmatchedReports.orderId],
      targetWhere: sql`${unmatchedReports.reviewedAt} is null`,
      set: {
        status: sql`coalesce(excluded.status, ${unmatchedReports.status})`,
        amount: sql`coalesce(excluded.amount, ${unmatchedReports.amount})`,
        currency: sql`coalesce(excluded.currency, ${unmatchedReports.currency})`,
        network: sql`coalesce(excluded.network, ${unmatchedReports.network})`,
        serviceId: sql`coalesce(${unmatchedReports.serviceId}, excluded.service_id)`,
        lastSeenAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error(`unmatched report for ${input.orderId} not stored`);
  await notify(db, await peopleWhoMay(db, "withdrawals:approve"), {
    kind: "report.unmatched",
    object: { type: "report", id: row.id },
    message: `${describeUnmatched(row)} Look into it at the service.`,
    // Once per waiting row: a later report of the same order updates the row, not the inboxes.
    dedupeKey: `report:${row.id}`,
    mailCategory: "payout_attention",
    needsAction: true,
  });
  return row.id;
}
