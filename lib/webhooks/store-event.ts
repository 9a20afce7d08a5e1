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

/** A new event's columns, as the batched insert sends them (one JSON document per batch). */
interface NewEventColumns {
  body_sha256: string;
  raw_body: string;
  body_size: number;
  verified: boolean;
  signature_form: string;
  signing_key: SigningKey | null;
  order_id: string | null;
  resource_type: string | null;
  reported_status: string | null;
  outcome: string;
  outcome_detail: string | null;
  processed_at: string | null;
  next_process_at: string | null;
}

function newEventColumns(event: EventToStore, bodySha256: string, bodySize: number): NewEventColumns {
  const now = Date.now();
  return {
    body_sha256: bodySha256,
    raw_body: event.verified ? event.rawBody : truncateUtf8(event.rawBody, UNVERIFIED_BODY_BYTES),
    body_size: bodySize,
    verified: event.verified,
    signature_form: event.signatureForm,
    signing_key: event.signingKey,
    order_id: event.summary?.orderId ?? null,
    resource_type: event.summary?.resourceType ?? null,
    reported_status: event.summary?.reportedStatus ?? null,
    outcome: event.verified ? PENDING_OUTCOME : "unverified",
    outcome_detail: event.verified ? null : `signature: ${event.signatureForm}`,
    processed_at: event.verified ? null : new Date(now).toISOString(),
    next_process_at: event.verified ? new Date(now + PROCESS_GRACE_MS).toISOString() : null,
  };
}

/** node-postgres and PGlite both answer db.execute with the rows under `rows`. */
interface InsertedRows {
  rows: { id: string; body_sha256: string }[];
}

const insertBatchers = new WeakMap<DbOrTx, WriteBatcher<NewEventColumns, string | null>>();

/**
 * Inserts a new event's row and answers its id, or null when its body is already stored. Events
 * received together share one INSERT (createWriteBatcher); a body twice in one batch is inserted
 * once, and its second copy answered null, as if it came after.
 */
function insertOnce(db: DbOrTx): WriteBatcher<NewEventColumns, string | null> {
  let batcher = insertBatchers.get(db);
  if (!batcher) {
    batcher = createWriteBatcher<NewEventColumns, string | null>(async (rows) => {
      // One parameter for the whole batch: drizzle's insert builder costs more per row than the insert.
      const result = (await db.execute(sql`
        insert into ${webhookEvents} (body_sha256, raw_body, body_size, verified, signature_form,
          signing_key, order_id, resource_type, reported_status, outcome, outcome_detail,
          processed_at, next_process_at)
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
          body_sha256 text, raw_body text, body_size integer, verified boolean, signature_form text,
          signing_key text, order_id text, resource_type text, reported_status text, outcome text,
          outcome_detail text, processed_at timestamptz, next_process_at timestamptz)
        on conflict (body_sha256) do nothing
        returning id, body_sha256`)) as unknown as InsertedRows;
      const idBySha = new Map(result.rows.map((row) => [row.body_sha256, row.id]));
      return rows.map((row) => {
        const id = idBySha.get(row.body_sha256);
        idBySha.delete(row.body_sha256);
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
  const insertedId = await insertOnce(db)(newEventColumns(event, bodySha256, bodySize));
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
