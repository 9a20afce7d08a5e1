import { createHash } from "node:crypto";
import { and, eq, lt, or, sql } from "drizzle-orm";
import { webhookEvents } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import type { WebhookSummary } from "./payload";

/** The outcome of a verified event before its resource has been refreshed. */
export const PENDING_OUTCOME = "pending";

export interface EventToStore {
  rawBody: string;
  verified: boolean;
  /** The signature form that matched, or why none did. */
  signatureForm: string;
  summary: WebhookSummary | null;
}

export interface StoredEvent {
  id: string;
  /** True when an identical body was stored before: only its duplicate counters moved. */
  duplicate: boolean;
  /**
   * A verified repeat of a body that never took effect (stored unverified, e.g. while the key was
   * wrong; its processing failed; or it was left pending by a crash): it is processed again.
   */
  reprocess?: boolean;
}

/** A pending event older than this was abandoned (the process stopped before processing it). */
const ABANDONED_AFTER_MS = 60_000;

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/**
 * Stores an event once per distinct body. A repeat of the same bytes only counts itself: the
 * first row's verification, outcome and detail stay as they were.
 */
export async function storeWebhookEvent(db: DbOrTx, event: EventToStore): Promise<StoredEvent> {
  const bodySha256 = sha256Hex(event.rawBody);
  const [inserted] = await db
    .insert(webhookEvents)
    .values({
      bodySha256,
      rawBody: event.rawBody,
      verified: event.verified,
      signatureForm: event.signatureForm,
      orderId: event.summary?.orderId ?? null,
      resourceType: event.summary?.resourceType ?? null,
      reportedStatus: event.summary?.reportedStatus ?? null,
      outcome: event.verified ? PENDING_OUTCOME : "unverified",
      outcomeDetail: event.verified ? null : `signature: ${event.signatureForm}`,
      processedAt: event.verified ? null : new Date(),
    })
    .onConflictDoNothing({ target: webhookEvents.bodySha256 })
    .returning({ id: webhookEvents.id });
  if (inserted) return { id: inserted.id, duplicate: false };

  if (event.verified) {
    const [revived] = await db
      .update(webhookEvents)
      .set({
        verified: true,
        signatureForm: event.signatureForm,
        outcome: PENDING_OUTCOME,
        outcomeDetail: null,
        processedAt: null,
        duplicates: sql`${webhookEvents.duplicates} + 1`,
        lastDuplicateAt: new Date(),
      })
      .where(
        and(
          eq(webhookEvents.bodySha256, bodySha256),
          or(
            eq(webhookEvents.verified, false),
            eq(webhookEvents.outcome, "failed"),
            and(
              eq(webhookEvents.outcome, PENDING_OUTCOME),
              lt(webhookEvents.receivedAt, new Date(Date.now() - ABANDONED_AFTER_MS)),
            ),
          ),
        ),
      )
      .returning({ id: webhookEvents.id });
    if (revived) return { id: revived.id, duplicate: true, reprocess: true };
  }

  const [existing] = await db
    .update(webhookEvents)
    .set({ duplicates: sql`${webhookEvents.duplicates} + 1`, lastDuplicateAt: new Date() })
    .where(eq(webhookEvents.bodySha256, bodySha256))
    .returning({ id: webhookEvents.id });
  if (!existing) throw new Error("webhook event vanished between insert and duplicate count");
  return { id: existing.id, duplicate: true };
}
