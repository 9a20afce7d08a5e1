import { inArray, sql } from "drizzle-orm";
import { webhookEvents, type WebhookEvent } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { reportError } from "@/lib/log/report-error";
import { webhookProcessingDelay } from "@/lib/metrics/webhook-processing-delay";
import { paydeskMetrics } from "@/lib/metrics/registry";
import type { ServiceClient } from "@/lib/service";
import type { LosslessObject } from "@/lib/service/json";
import type { HandlerResult, WebhookContext, WebhookHandlers } from "./handler-types";
import { DEFAULT_WEBHOOK_HANDLERS, unhandledResource } from "./handlers";
import { handleInvoiceWebhook, handleInvoiceWebhooks } from "./invoice-handler";
import { parseWebhookBody, summariseWebhook, type WebhookSummary } from "./payload";
import { errorMessage, processWebhookEvent, recordOutcome } from "./process-event";
import { PENDING_OUTCOME } from "./store-event";

export interface EventToProcess {
  id: string;
  /** The body as the receiver parsed it; without it the stored body is parsed. */
  parsed?: { payload: LosslessObject; summary: WebhookSummary };
}

/**
 * processWebhookEvent for many events at once (the queue's batches, the sweep's rounds): one read
 * of the events, the invoice webhooks' lookups and timeline entries in one statement each and one
 * refresh per invoice however many of them name it (handleInvoiceWebhooks), and the outcomes in
 * one write. What each event comes to is what processWebhookEvent would record, and an event no
 * longer pending is left alone. Never throws: if a statement of the batch fails, the events not
 * yet recorded are processed one by one.
 */
export async function processWebhookEvents(
  db: Db,
  client: ServiceClient,
  events: readonly EventToProcess[],
  handlers: WebhookHandlers = DEFAULT_WEBHOOK_HANDLERS,
): Promise<void> {
  if (events.length === 0) return;
  let recorded = new Set<string>();
  try {
    const rows = await db
      .select()
      .from(webhookEvents)
      .where(
        inArray(
          webhookEvents.id,
          events.map((event) => event.id),
        ),
      );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const contexts: WebhookContext[] = [];
    for (const { id, parsed } of events) {
      const event = byId.get(id);
      if (!event?.verified || event.outcome !== PENDING_OUTCOME) continue;
      byId.delete(id); // the same id twice in a batch is processed once
      const payload = parsed?.payload ?? parseWebhookBody(event.rawBody);
      if (!payload) continue;
      contexts.push({ db, client, event, payload, summary: parsed?.summary ?? summariseWebhook(payload) });
    }
    const results = await handleAll(contexts, handlers);
    recorded = await recordOutcomes(db, contexts, results);
  } catch (error) {
    reportError("webhooks", "processing a batch of webhook events failed; one by one instead", error);
    for (const { id, parsed } of events) {
      if (!recorded.has(id)) await processWebhookEvent(db, client, id, handlers, parsed);
    }
  }
}

/** Each context's result, in order: invoice webhooks together, any other type by its handler. */
async function handleAll(contexts: WebhookContext[], handlers: WebhookHandlers): Promise<HandlerResult[]> {
  const results: HandlerResult[] = new Array(contexts.length);
  // Only the default invoice handler has a batch form; one given instead (tests) runs per event.
  const batchedInvoices = handlers.invoice === handleInvoiceWebhook;
  const invoiceIndexes: number[] = [];
  for (const [index, context] of contexts.entries()) {
    const type = context.summary.resourceType;
    if (type === "invoice" && batchedInvoices) {
      invoiceIndexes.push(index);
      continue;
    }
    const handler = handlers[type];
    results[index] = handler ? await failedOnThrow(context, () => handler(context)) : unhandledResource(type);
  }
  const invoiceResults = await handleInvoiceWebhooks(
    invoiceIndexes.map((index) => contexts[index] as WebhookContext),
    failedOnThrow,
  );
  invoiceIndexes.forEach((index, position) => {
    results[index] = invoiceResults[position] as HandlerResult;
  });
  return results;
}

/** A handler that throws fails its event (the sweep tries again), as processWebhookEvent records it. */
async function failedOnThrow(
  context: Pick<WebhookContext, "event">,
  run: () => Promise<HandlerResult>,
): Promise<HandlerResult> {
  try {
    return await run();
  } catch (error) {
    reportError("webhooks", "processing a webhook event failed (the sweep tries it again)", error, {
      eventId: context.event.id,
    });
    paydeskMetrics().webhookProcessingFailures.inc();
    return { outcome: "failed", detail: errorMessage(error) };
  }
}

/**
 * Every outcome but a failure in one statement (over events still pending); a failure with its
 * next try, one by one (recordOutcome). Answers the ids recorded.
 */
async function recordOutcomes(
  db: Db,
  contexts: readonly WebhookContext[],
  results: readonly HandlerResult[],
): Promise<Set<string>> {
  const now = new Date();
  const done = contexts.flatMap((context, index) => {
    const result = results[index] as HandlerResult;
    return result.outcome === "failed"
      ? []
      : [{ id: context.event.id, outcome: result.outcome, detail: result.detail.slice(0, 500) }];
  });
  const recorded = new Set<string>();
  if (done.length > 0) {
    await db.execute(sql`
      update ${webhookEvents} as w
      set outcome = r.outcome, outcome_detail = r.detail, processed_at = ${now.toISOString()}::timestamptz,
        process_attempts = w.process_attempts + 1, next_process_at = null
      from jsonb_to_recordset(${JSON.stringify(done)}::jsonb) as r(id uuid, outcome text, detail text)
      where w.id = r.id and w.outcome = ${PENDING_OUTCOME}`);
    for (const { id } of done) recorded.add(id);
  }
  for (const [index, context] of contexts.entries()) {
    const result = results[index] as HandlerResult;
    if (result.outcome !== "failed") continue;
    await recordOutcome(db, context.event.id, result, now);
    recorded.add(context.event.id);
  }
  observeDelays(contexts, now);
  return recorded;
}

function observeDelays(contexts: readonly { event: WebhookEvent }[], now: Date): void {
  const delay = webhookProcessingDelay();
  for (const { event } of contexts) delay.observe((now.getTime() - event.receivedAt.getTime()) / 1000);
}
