import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { RuleError } from "@/lib/auth/rule-error";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { webhookEvents } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import type { ServiceClient } from "@/lib/service";
import type { HandlerResult } from "./handler-types";
import { processWebhookEvent } from "./process-event";
import { PROCESS_LEASE_MS } from "./process-policy";
import { PENDING_OUTCOME } from "./store-event";

/**
 * A person asks for a verified webhook that did not take effect to be processed again now: the
 * request is recorded (and audited), then processed as the sweep would. Handlers are safe to
 * run for any replay, so this can never apply a payment twice.
 */
export async function reprocessWebhookEvent(
  db: Db,
  client: ServiceClient,
  eventId: string,
  actor: AuditActor,
): Promise<HandlerResult> {
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(webhookEvents)
      .set({ outcome: PENDING_OUTCOME, nextProcessAt: new Date(Date.now() + PROCESS_LEASE_MS) })
      .where(
        and(
          eq(webhookEvents.id, eventId),
          eq(webhookEvents.verified, true),
          inArray(webhookEvents.outcome, [PENDING_OUTCOME, "failed"]),
        ),
      )
      .returning({ orderId: webhookEvents.orderId, attempts: webhookEvents.processAttempts });
    if (!claimed) {
      throw new RuleError(
        "Only a verified webhook that has not taken effect yet can be processed again: this one has, or was never verified.",
      );
    }
    await recordAudit(tx, actor, {
      action: "webhook.reprocessed",
      object: { type: "webhook", id: eventId },
      before: { orderId: claimed.orderId, attempts: claimed.attempts },
    });
  });
  const result = await processWebhookEvent(db, client, eventId);
  return result ?? { outcome: "unchanged", detail: "Already processed meanwhile." };
}
