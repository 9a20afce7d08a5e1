/** Reading deliveries and their attempts for the control API, and the manual resend. */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { webhookAttempts, webhookDeliveries, type WebhookDeliveryRow } from "../db/schema";
import type { SandboxDb } from "../context";
import { unixSeconds } from "../context";
import type { Encodable } from "../json";
import { notFound } from "../errors";

function present(
  d: WebhookDeliveryRow,
  attempts: (typeof webhookAttempts.$inferSelect)[],
): Record<string, Encodable> {
  return {
    id: d.id,
    type: d.resourceType,
    resource_id: d.resourceId,
    order_id: d.orderId,
    url: d.url,
    state: d.state,
    attempt_count: d.attempts,
    next_attempt_at: d.state === "pending" ? unixSeconds(d.nextAttemptAt) : null,
    created_at: unixSeconds(d.createdAt),
    body: d.body,
    attempts: attempts.map((a) => ({
      id: a.id,
      attempted_at: unixSeconds(a.attemptedAt),
      attempted_at_ms: a.attemptedAt.getTime(),
      url: a.url,
      status_code: a.statusCode,
      error: a.error,
      duration_ms: a.durationMs,
      request_body: a.requestBody,
    })),
  };
}

/** Newest first, at most 200; filtered by order_id when given. */
export async function listDeliveries(db: SandboxDb, merchantId: string, orderId: string | null) {
  const where = orderId
    ? and(eq(webhookDeliveries.merchantId, merchantId), eq(webhookDeliveries.orderId, orderId))
    : eq(webhookDeliveries.merchantId, merchantId);
  const deliveries = await db
    .select()
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(200);
  if (deliveries.length === 0) return [];
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.deliveryId,
        deliveries.map((d) => d.id),
      ),
    )
    .orderBy(asc(webhookAttempts.attemptedAt));
  return deliveries.map((d) =>
    present(
      d,
      attempts.filter((a) => a.deliveryId === d.id),
    ),
  );
}

/** Re-arms a delivery (whatever its state) for one more round of attempts, starting now. */
export async function resendDelivery(db: SandboxDb, merchantId: string, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound("Delivery not found.");
  const [row] = await db
    .update(webhookDeliveries)
    .set({ state: "pending", attempts: 0, nextAttemptAt: new Date() })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.merchantId, merchantId)))
    .returning();
  if (!row) throw notFound("Delivery not found.");
  return present(row, []);
}
