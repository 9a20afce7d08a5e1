import { and, eq, sql } from "drizzle-orm";
import { webhookEvents } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import type { ServiceClient } from "@/lib/service";
import type { LosslessObject } from "@/lib/service/json";
import type { HandlerResult, WebhookHandlers } from "./handler-types";
import { DEFAULT_WEBHOOK_HANDLERS, unhandledResource } from "./handlers";
import { parseWebhookBody, summariseWebhook, type WebhookSummary } from "./payload";
import { nextProcessingAfterFailure } from "./process-policy";
import { PENDING_OUTCOME } from "./store-event";
import { paydeskMetrics } from "@/lib/metrics/registry";
import { reportError } from "@/lib/log/report-error";
import { webhookProcessingDelay } from "@/lib/metrics/webhook-processing-delay";

/**
 * Runs after the response: hands a stored, verified event to the handler for its resource type
 * and records what came of it. Never throws; an event already processed is left alone. The
 * receiver passes the body it parsed; without it (a later retry) the stored body is parsed.
 */
export async function processWebhookEvent(
  db: Db,
  client: ServiceClient,
  eventId: string,
  handlers: WebhookHandlers = DEFAULT_WEBHOOK_HANDLERS,
  parsed?: { payload: LosslessObject; summary: WebhookSummary },
): Promise<HandlerResult | null> {
  try {
    const [event] = await db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId));
    if (!event?.verified || event.outcome !== PENDING_OUTCOME) return null;
    const payload = parsed?.payload ?? parseWebhookBody(event.rawBody);
    if (!payload) return null;
    const summary = parsed?.summary ?? summariseWebhook(payload);
    const handler = handlers[summary.resourceType];
    const result = handler
      ? await handler({ db, client, event, payload, summary })
      : unhandledResource(summary.resourceType);
    const now = new Date();
    await recordOutcome(db, eventId, result, now);
    webhookProcessingDelay().observe((now.getTime() - event.receivedAt.getTime()) / 1000);
    return result;
  } catch (error) {
    reportError("webhooks", "processing a webhook event failed (the sweep tries it again)", error, {
      eventId,
    });
    paydeskMetrics().webhookProcessingFailures.inc();
    const result: HandlerResult = { outcome: "failed", detail: errorMessage(error) };
    await recordOutcome(db, eventId, result).catch((recordError: unknown) =>
      reportError("webhooks", "could not record a webhook event's failure", recordError, { eventId }),
    );
    return result;
  }
}

/** The outcome, one more attempt, and when the sweep tries again if it failed (else never). */
export async function recordOutcome(db: Db, eventId: string, result: HandlerResult, now = new Date()) {
  const stillPending = and(eq(webhookEvents.id, eventId), eq(webhookEvents.outcome, PENDING_OUTCOME));
  const outcome = {
    outcome: result.outcome,
    outcomeDetail: result.detail.slice(0, 500),
    processedAt: now,
  };
  if (result.outcome !== "failed") {
    // The common case in one statement: nothing to schedule.
    await db
      .update(webhookEvents)
      .set({ ...outcome, processAttempts: sql`${webhookEvents.processAttempts} + 1`, nextProcessAt: null })
      .where(stillPending);
    return;
  }
  await db.transaction(async (tx) => {
    const [event] = await tx
      .select({ attempts: webhookEvents.processAttempts })
      .from(webhookEvents)
      .where(stillPending)
      .for("update");
    if (!event) return;
    const attempts = event.attempts + 1;
    await tx
      .update(webhookEvents)
      .set({
        ...outcome,
        processAttempts: attempts,
        nextProcessAt: nextProcessingAfterFailure(attempts, now),
      })
      .where(eq(webhookEvents.id, eventId));
  });
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? `Internal error: ${error.message}` : "Internal error.";
}
