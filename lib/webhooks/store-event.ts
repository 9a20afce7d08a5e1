import { createHash } from "node:crypto";
import { and, eq, lt, or, sql } from "drizzle-orm";
import { webhookEvents } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import type { LosslessObject } from "@/lib/service/json";
import { canonicalJson } from "@/lib/service/signature";
import { UNVERIFIED_BODY_BYTES } from "./limits";
import { PROCESS_GRACE_MS } from "./process-policy";
import type { WebhookSummary } from "./payload";
import { createWriteBatcher, type WriteBatcher } from "@/lib/db/write-batcher";
import { truncateUtf8 } from "./truncate";
import type { SigningKey } from "./verify";

/** The outcome of a verified event before its resource has been refreshed. */
export const PENDING_OUTCOME = "pending";

export interface EventToStore {
  rawBody: string;
  /** The body parsed, when it is a JSON object: it is de-duplicated on its canonical form. */
  payload: LosslessObject | null;
  verified: boolean;
  signingKey: SigningKey | null;
  /** The signature form that matched, or why none did. */
  signatureForm: string;
  summary: WebhookSummary | null;
}

export interface StoredEvent {
  id: string;
  /** True when the same body (in its canonical form) was stored before: only its counters moved. */
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
 * What identifies one event: the JSON object re-encoded the way `sign` covers it (the php form,
 * `sign` included), so whitespace or escaping added to a captured body does not make a new event.
 */
export function dedupeKey(rawBody: string, payload: LosslessObject | null): string {
  return sha256Hex(payload ? canonicalJson(payload, "php") : rawBody);
}

function newEventRow(
  event: EventToStore,
  bodySha256: string,
  bodySize: number,
): typeof webhookEvents.$inferInsert {
  return {
    bodySha256,
    rawBody: event.verified ? event.rawBody : truncateUtf8(event.rawBody, UNVERIFIED_BODY_BYTES),
    bodySize,
    verified: event.verified,
    signatureForm: event.signatureForm,
    signingKey: event.signingKey,
    orderId: event.summary?.orderId ?? null,
    resourceType: event.summary?.resourceType ?? null,
    reportedStatus: event.summary?.reportedStatus ?? null,
    outcome: event.verified ? PENDING_OUTCOME : "unverified",
    outcomeDetail: event.verified ? null : `signature: ${event.signatureForm}`,
    processedAt: event.verified ? null : new Date(),
    nextProcessAt: event.verified ? new Date(Date.now() + PROCESS_GRACE_MS) : null,
  };
}

const insertBatchers = new WeakMap<DbOrTx, WriteBatcher<typeof webhookEvents.$inferInsert, string | null>>();

/**
 * Inserts a new event's row and answers its id, or null when its body is already stored. Events
 * received together share one INSERT (createWriteBatcher); a body twice in one batch is inserted
 * once, and its second copy answered null, as if it came after.
 */
function insertOnce(db: DbOrTx) {
  let batcher = insertBatchers.get(db);
  if (!batcher) {
    batcher = createWriteBatcher(async (rows) => {
      const inserted = await db
        .insert(webhookEvents)
        .values([...rows])
        .onConflictDoNothing({ target: webhookEvents.bodySha256 })
        .returning({ id: webhookEvents.id, bodySha256: webhookEvents.bodySha256 });
      const idBySha = new Map(inserted.map((row) => [row.bodySha256, row.id]));
      return rows.map((row) => {
        const id = idBySha.get(row.bodySha256);
        idBySha.delete(row.bodySha256);
        return id ?? null;
      });
    });
    insertBatchers.set(db, batcher);
  }
  return batcher;
}

/**
 * Stores an event once per distinct body. A repeat only counts itself: the first row's
 * verification, outcome and detail stay as they were. An unverified body is stored truncated.
 */
export async function storeWebhookEvent(db: DbOrTx, event: EventToStore): Promise<StoredEvent> {
  const bodySha256 = dedupeKey(event.rawBody, event.payload);
  const bodySize = Buffer.byteLength(event.rawBody, "utf8");
  const insertedId = await insertOnce(db)(newEventRow(event, bodySha256, bodySize));
  if (insertedId) return { id: insertedId, duplicate: false };

  if (event.verified) {
    const [revived] = await db
      .update(webhookEvents)
      .set({
        verified: true,
        rawBody: event.rawBody,
        bodySize,
        signatureForm: event.signatureForm,
        signingKey: event.signingKey,
        outcome: PENDING_OUTCOME,
        outcomeDetail: null,
        processedAt: null,
        nextProcessAt: new Date(Date.now() + PROCESS_GRACE_MS),
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
