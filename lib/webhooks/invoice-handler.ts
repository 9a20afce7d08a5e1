import { eq, inArray } from "drizzle-orm";
import { serviceStatusLabel } from "@/lib/display/service-words";
import { invoiceEvents, invoices, type Invoice } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { createWriteBatcher } from "@/lib/db/write-batcher";
import {
  applyServiceInvoice,
  applyServiceInvoiceIn,
  type ApplyResult,
} from "@/lib/invoices/apply-service-invoice";
import { refreshInvoice, type ApplyAnswer, type RefreshOutcome } from "@/lib/invoices/refresh-invoice";
import { isServiceError, type ServiceInvoice } from "@/lib/service";
import type { HandlerResult, WebhookContext } from "./handler-types";
import { reportUnknownInvoice } from "./unknown-order";

/**
 * A verified invoice webhook only says "look again": the invoice named by order_id is re-read
 * from the service, so replays and out-of-order deliveries land on the same, current truth.
 */
export async function handleInvoiceWebhook(context: WebhookContext): Promise<HandlerResult> {
  const { db, summary } = context;
  if (!summary.orderId) return { outcome: "unknown_order", detail: "The webhook names no order_id." };
  const [local] = await db.select().from(invoices).where(eq(invoices.orderId, summary.orderId));
  if (!local) return reportUnknownInvoice(context);

  await db.insert(invoiceEvents).values(receivedEntry(local, context)).onConflictDoNothing();
  return describe(local, await refresh(context, local));
}

/**
 * How a batch's refreshes run. Two reads from the service at once: more took the answers' share
 * in a burst (six at once on PGlite answered it at 0.66-0.72 of the trivial route, two at 0.74-0.89).
 * On PGlite (one thread, where a transaction's BEGIN and COMMIT cost as much as its work) the
 * answers that come in while another is written go in together, at most 20 in a transaction
 * (which holds the whole database meanwhile). On PostgreSQL each answer keeps a transaction of its
 * own: grouped, a batch's writes would queue on one connection.
 */
export function refreshPlan(env: Record<string, string | undefined> = process.env) {
  return { readsAtOnce: 2, answersPerTransaction: env.DATABASE_URL ? 1 : 20 };
}

/**
 * handleInvoiceWebhook for a batch (lib/webhooks/process-events.ts), each context's result in
 * order: the local invoices looked up in one query, the timeline entries written in one insert,
 * and each invoice refreshed once however many of the batch's webhooks name it: one read after
 * all of them arrived is as current as a read after each. `guard` turns a refresh that throws into
 * its webhooks' failure.
 */
export async function handleInvoiceWebhooks(
  contexts: readonly WebhookContext[],
  guard: (context: WebhookContext, run: () => Promise<HandlerResult>) => Promise<HandlerResult>,
): Promise<HandlerResult[]> {
  const [first] = contexts;
  if (!first) return [];
  const orderIds = [...new Set(contexts.flatMap((context) => context.summary.orderId ?? []))];
  const found =
    orderIds.length === 0
      ? []
      : await first.db.select().from(invoices).where(inArray(invoices.orderId, orderIds));
  const byOrder = new Map(found.map((invoice) => [invoice.orderId, invoice]));
  const results: HandlerResult[] = new Array(contexts.length);
  /** Contexts (by index) naming an order id no local invoice has. */
  const unknown: number[] = [];
  /** The contexts (by index) naming each local invoice, in order of arrival. */
  const named = new Map<string, { local: Invoice; indexes: number[] }>();
  for (const [index, { summary }] of contexts.entries()) {
    const local = summary.orderId ? byOrder.get(summary.orderId) : undefined;
    if (!summary.orderId)
      results[index] = { outcome: "unknown_order", detail: "The webhook names no order_id." };
    else if (!local) unknown.push(index);
    else {
      const entry = named.get(local.id) ?? { local, indexes: [] };
      entry.indexes.push(index);
      named.set(local.id, entry);
    }
  }
  const received = [...named.values()].flatMap(({ local, indexes }) =>
    indexes.map((index) => receivedEntry(local, contexts[index] as WebhookContext)),
  );
  if (received.length > 0) await first.db.insert(invoiceEvents).values(received).onConflictDoNothing();

  const pending = [...named.values()];
  const plan = refreshPlan();
  const apply =
    plan.answersPerTransaction > 1 ? groupedWrites(first.db, plan.answersPerTransaction) : undefined;
  const worker = async () => {
    for (let entry = pending.shift(); entry; entry = pending.shift()) {
      const { local, indexes } = entry;
      const context = contexts[indexes[0] as number] as WebhookContext;
      const result = await guard(context, async () => describe(local, await refresh(context, local, apply)));
      for (const index of indexes) results[index] = result;
    }
  };
  await Promise.all(Array.from({ length: Math.min(plan.readsAtOnce, pending.length) }, worker));
  for (const index of unknown) {
    const context = contexts[index] as WebhookContext;
    results[index] = await guard(context, () => reportUnknownInvoice(context));
  }
  return results;
}

/**
 * Answers written while a transaction runs go together in the next one (createWriteBatcher); if a
 * transaction fails, its answers are written one by one, so one bad answer fails only its invoice.
 */
function groupedWrites(db: Db, most: number): ApplyAnswer {
  const write = createWriteBatcher(
    (answers: readonly { invoiceId: string; remote: ServiceInvoice }[]) =>
      db.transaction(async (tx) => {
        const written: ApplyResult[] = [];
        for (const { invoiceId, remote } of answers)
          written.push(await applyServiceInvoiceIn(tx, invoiceId, remote, "webhook"));
        return written;
      }),
    { maxBatch: most },
  );
  return (invoiceId, remote) => write({ invoiceId, remote });
}

/**
 * A delivery's "webhook received" entry. Written before its refresh and not in the outcome's
 * transaction, so an event processed again (after a failed refresh, a stop mid-processing, a
 * batch's fallback one by one) writes it again: the unique key on its event id
 * (invoice_events_webhook_received_key) keeps the first, and the insert does nothing on conflict.
 */
function receivedEntry(local: Invoice, { event, summary }: WebhookContext) {
  return {
    invoiceId: local.id,
    kind: "webhook_received" as const,
    detail: {
      webhookEventId: event.id,
      reportedStatus: summary.reportedStatus,
      signatureForm: event.signatureForm,
    },
    source: "webhook" as const,
  };
}

function refresh(context: WebhookContext, local: Invoice, apply?: ApplyAnswer): Promise<RefreshOutcome> {
  return local.serviceId
    ? refreshInvoice(
        context.db,
        context.client,
        { id: local.id, serviceId: local.serviceId },
        "webhook",
        undefined,
        apply,
      )
    : adopt(context, local);
}

/**
 * The service has an invoice we never saw confirmed (the creation call's answer was lost). The
 * verified payload names its id; reading it from the service heals the local row.
 */
async function adopt(context: WebhookContext, local: Invoice): Promise<RefreshOutcome> {
  const serviceId = context.summary.resourceId;
  if (!serviceId) {
    return { ok: false, reason: "not_created", message: "The service has not confirmed this invoice yet." };
  }
  try {
    const remote = await context.client.getInvoice(serviceId);
    if (remote.orderId !== local.orderId) {
      return {
        ok: false,
        reason: "service_error",
        message: `Service invoice ${serviceId} has another order_id.`,
      };
    }
    return { ok: true, ...(await applyServiceInvoice(context.db, local.id, remote, "webhook")) };
  } catch (error) {
    if (!isServiceError(error)) throw error;
    return { ok: false, reason: "service_error", message: error.userMessage };
  }
}

function describe(before: Invoice, refreshed: RefreshOutcome): HandlerResult {
  if (!refreshed.ok) return { outcome: "failed", detail: refreshed.message };
  const after = refreshed.invoice;
  if (refreshed.olderNews && refreshed.newTransactions === 0) {
    return {
      outcome: "unchanged",
      detail: `the service's answer was older than the stored invoice (${words(after.serviceStatus)} kept)`,
    };
  }
  const changes: string[] = [];
  if (before.serviceStatus !== after.serviceStatus) {
    changes.push(`${words(before.serviceStatus)} → ${words(after.serviceStatus)}`);
  }
  if (refreshed.newTransactions > 0) {
    changes.push(`${refreshed.newTransactions} new payment${refreshed.newTransactions === 1 ? "" : "s"}`);
  }
  if (before.creationState !== "created") changes.unshift("creation confirmed");
  if (changes.length === 0)
    return { outcome: "unchanged", detail: `${words(after.serviceStatus)}, nothing new` };
  return { outcome: "refreshed", detail: changes.join(", ") };
}

/** The service's status in its plain words, for the webhook panel's line. */
function words(status: string | null): string {
  return serviceStatusLabel("invoice", status).toLowerCase();
}
