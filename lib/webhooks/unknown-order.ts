import Decimal from "decimal.js";
import { recordUnmatchedReport } from "@/lib/unmatched-reports/record-unmatched";
import type { HandlerResult, WebhookContext } from "./handler-types";

/** Invoice statuses that say no money has come (anything else may mean money did). */
const NO_MONEY_YET = ["pending", "created", "new", "expired", "cancel", "cancelled"];

/**
 * A verified invoice webhook about an order id Paydesk never made. The service is asked what the
 * invoice holds (the webhook only says "look again"): money received becomes a report on finance's
 * worklist (lib/unmatched-reports), never just a line on the webhooks page. When the service cannot
 * be read, the reported status decides. An invoice with no money on it is only noted, and one the
 * webhook itself says has none (pending, expired) is not read at all.
 */
export async function reportUnknownInvoice(context: WebhookContext): Promise<HandlerResult> {
  const { summary } = context;
  if (!summary.orderId) return { outcome: "unknown_order", detail: "The webhook names no order_id." };
  // Its own (verified) word that nothing has come: no need to ask the service.
  if (saysNoMoney(summary.reportedStatus)) return NOTED;
  const remote = summary.resourceId
    ? await context.client.getInvoice(summary.resourceId).catch(() => null)
    : null;
  const received = remote?.paidCryptoAmount ?? null;
  const status = remote?.status ?? summary.reportedStatus;
  const money = remote ? isPositive(received) : status !== null && !saysNoMoney(status);
  if (!money) return NOTED;
  await recordUnmatchedReport(context.db, {
    resource: "invoice",
    orderId: summary.orderId,
    serviceId: summary.resourceId,
    status,
    amount: received,
    currency: remote?.currency ?? null,
    network: remote?.network ?? null,
    webhookEventId: context.event.id,
  });
  return {
    outcome: "conflict",
    detail:
      "No local invoice has this order_id, but the service reports money on it: now on finance's worklist.",
  };
}

/** A verified withdrawal webhook about an order id Paydesk never made: always finance's to look into. */
export async function reportUnknownWithdrawal(
  context: WebhookContext,
  report: { status: string; amount: string | null; currency: string | null; network: string | null },
): Promise<HandlerResult> {
  await recordUnmatchedReport(context.db, {
    resource: "withdrawal",
    orderId: context.summary.orderId ?? "",
    serviceId: context.summary.resourceId,
    status: report.status,
    amount: report.amount,
    currency: report.currency,
    network: report.network,
    webhookEventId: context.event.id,
  });
  return {
    outcome: "conflict",
    detail: "No local withdrawal has this order_id: a payout Paydesk never made, now on finance's worklist.",
  };
}

const NOTED: HandlerResult = {
  outcome: "unknown_order",
  detail: "No local invoice has this order_id, and no money on it.",
};

function saysNoMoney(status: string | null): boolean {
  return status !== null && NO_MONEY_YET.includes(status.trim().toLowerCase());
}

function isPositive(amount: string | null): boolean {
  if (!amount) return false;
  try {
    return new Decimal(amount).gt(0);
  } catch {
    return false;
  }
}
