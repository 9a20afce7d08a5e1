import { eq } from "drizzle-orm";
import { invoiceEvents, invoices, type Invoice } from "@/lib/db/schema";
import { applyServiceInvoice } from "@/lib/invoices/apply-service-invoice";
import { refreshInvoice, type RefreshOutcome } from "@/lib/invoices/refresh-invoice";
import { isServiceError } from "@/lib/service";
import type { HandlerResult, WebhookContext } from "./handler-types";

/**
 * A verified invoice webhook only says "look again": the invoice named by order_id is re-read
 * from the service, so replays and out-of-order deliveries land on the same, current truth.
 */
export async function handleInvoiceWebhook(context: WebhookContext): Promise<HandlerResult> {
  const { db, event, summary } = context;
  if (!summary.orderId) return { outcome: "unknown_order", detail: "The webhook names no order_id." };
  const [local] = await db.select().from(invoices).where(eq(invoices.orderId, summary.orderId));
  if (!local) return { outcome: "unknown_order", detail: "No local invoice has this order_id." };

  await db.insert(invoiceEvents).values({
    invoiceId: local.id,
    kind: "webhook_received",
    detail: {
      webhookEventId: event.id,
      reportedStatus: summary.reportedStatus,
      signatureForm: event.signatureForm,
    },
    source: "webhook",
  });
  const refreshed = local.serviceId
    ? await refreshInvoice(db, context.client, local.id, "webhook")
    : await adopt(context, local);
  return describe(local, refreshed);
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
      detail: `the service's answer was older than the stored invoice (status ${after.serviceStatus ?? "none"} kept)`,
    };
  }
  const changes: string[] = [];
  if (before.serviceStatus !== after.serviceStatus) {
    changes.push(`status ${before.serviceStatus ?? "none"} -> ${after.serviceStatus ?? "none"}`);
  }
  if (refreshed.newTransactions > 0) {
    changes.push(`${refreshed.newTransactions} new payment${refreshed.newTransactions === 1 ? "" : "s"}`);
  }
  if (before.creationState !== "created") changes.unshift("creation confirmed");
  if (changes.length === 0)
    return { outcome: "unchanged", detail: `status ${after.serviceStatus ?? "none"}, nothing new` };
  return { outcome: "refreshed", detail: changes.join(", ") };
}
