/**
 * What the webhook run left behind, read from the database once the server has stopped: each
 * distinct body stored once (repeats only counted), and each named invoice refreshed (its
 * events processed without failure).
 */
import { like, sql } from "drizzle-orm";
import { webhookEvents } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";

const DONE = sql`${webhookEvents.outcome} in ('refreshed', 'unchanged')`;

export interface IngestionCheck {
  /** Rows for the run's order ids; one per distinct body when nothing was stored twice. */
  storedEvents: number;
  /** Repeats counted on the stored rows. */
  countedRepeats: number;
  /** Events still waiting for processing, or whose processing failed. */
  unprocessed: number;
  /** Distinct invoices whose webhooks were processed (refreshed, or read and found unchanged). */
  refreshedInvoices: number;
}

export async function checkIngestion(db: Db, orderIdPrefix: string): Promise<IngestionCheck> {
  const [row] = await db
    .select({
      storedEvents: sql`count(*)`.mapWith(Number),
      countedRepeats: sql`coalesce(sum(${webhookEvents.duplicates}), 0)`.mapWith(Number),
      unprocessed: sql`count(*) filter (where not (${DONE}))`.mapWith(Number),
      refreshedInvoices: sql`count(distinct ${webhookEvents.orderId}) filter (where ${DONE})`.mapWith(Number),
    })
    .from(webhookEvents)
    .where(like(webhookEvents.orderId, `${orderIdPrefix}-%`));
  if (!row) throw new Error("no answer to the ingestion check");
  return row;
}

/** Events stored for the order ids under `orderIdPrefix`, and those processed (an outcome recorded). */
export async function countProcessed(
  db: Db,
  orderIdPrefix: string,
): Promise<{ stored: number; processed: number }> {
  const [row] = await db
    .select({
      stored: sql`count(*)`.mapWith(Number),
      processed: sql`count(*) filter (where ${webhookEvents.outcome} not in ('pending', 'failed'))`.mapWith(
        Number,
      ),
    })
    .from(webhookEvents)
    .where(like(webhookEvents.orderId, `${orderIdPrefix}-%`));
  if (!row) throw new Error("no answer to the processed count");
  return row;
}
