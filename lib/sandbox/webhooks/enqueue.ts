/**
 * Webhook outbox: deliveries are inserted in the same transaction as the change they report,
 * so a committed change always gets its webhook and a rolled-back one never does. The body
 * is the canonical JSON of the payload with `sign` appended as the last key.
 */
import { randomUUID } from "node:crypto";
import type { Encodable } from "../json";
import { encodeJson } from "../json";
import { webhookDeliveries } from "../db/schema";
import type { SandboxDb } from "../context";
import { signPayload } from "../signature";
import { getFaults, nextWebhookSeq } from "../faults";

export interface WebhookEvent {
  merchant: { id: string; invoiceKey: string };
  url: string | null;
  resourceType: "invoice" | "withdrawal";
  resourceId: string;
  orderId: string;
  payload: Record<string, Encodable>;
  at: Date;
}

export function signedBody(payload: Record<string, Encodable>, key: string): string {
  return encodeJson({ ...payload, sign: signPayload(payload, key) });
}

/** Returns whether anything was queued (nothing when no URL is configured). */
export async function enqueueWebhook(tx: SandboxDb, event: WebhookEvent): Promise<boolean> {
  if (!event.url) return false;
  const faults = await getFaults(tx, event.merchant.id);
  let delayMs = 0;
  if (faults.reorder_webhooks) {
    // Hold back every odd delivery so it arrives after the one that follows it.
    const seq = await nextWebhookSeq(tx, event.merchant.id);
    if (seq % 2 === 1) delayMs = faults.reorder_delay_ms;
  }
  const body = signedBody(event.payload, event.merchant.invoiceKey);
  const copies = faults.duplicate_webhooks ? 2 : 1;
  // Delivery times are wall-clock (retries must happen in real time even with an injected clock).
  const due = new Date(Date.now() + delayMs);
  await tx.insert(webhookDeliveries).values(
    Array.from({ length: copies }, () => ({
      id: randomUUID(),
      merchantId: event.merchant.id,
      resourceType: event.resourceType,
      resourceId: event.resourceId,
      orderId: event.orderId,
      url: event.url as string,
      body,
      state: "pending",
      nextAttemptAt: due,
      createdAt: event.at,
    })),
  );
  return true;
}
