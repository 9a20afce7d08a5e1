import { applyServiceReport, type ApplyResult } from "@/lib/withdrawals/apply-service-report";
import { serviceStatusLabel } from "@/lib/display/service-words";
import { WITHDRAWAL_STATE_LABELS } from "@/lib/withdrawals/state-labels";
import { JsonNumber } from "@/lib/service/json";
import type { HandlerResult, WebhookContext } from "./handler-types";
import { reportUnknownWithdrawal } from "./unknown-order";

/**
 * The spec has no GET for withdrawals, so a verified withdrawal webhook's own payload is the news:
 * its status is applied to the withdrawal named by order_id (see applyServiceReport for the rules
 * that make duplicates and out-of-order deliveries harmless). Only verified events reach here.
 */
export async function handleWithdrawalWebhook(context: WebhookContext): Promise<HandlerResult> {
  const { db, payload, summary } = context;
  if (!summary.orderId) return { outcome: "unknown_order", detail: "The webhook names no order_id." };
  if (!summary.reportedStatus) return { outcome: "failed", detail: "The webhook names no status." };
  const report = {
    orderId: summary.orderId,
    status: summary.reportedStatus,
    serviceId: summary.resourceId,
    amount: textOf(payload.amount),
    address: textOf(payload.address),
    currency: textOf(payload.currency),
    network: textOf(payload.network),
    fee: textOf(payload.fee),
    payoutAmount: textOf(payload.payout_amount),
    txid: textOf(payload.txid),
  };
  const result = await applyServiceReport(db, report, "webhook");
  // A payout Paydesk never made: finance's to look into, with what the service says it sent.
  if (result.kind === "not_found") return reportUnknownWithdrawal(context, report);
  return describe(result);
}

function describe(result: Exclude<ApplyResult, { kind: "not_found" }>): HandlerResult {
  switch (result.kind) {
    case "conflict":
      return { outcome: "conflict", detail: `Now a conflict for finance: ${result.why}` };
    case "unchanged":
      return { outcome: "unchanged", detail: result.why };
    case "moved": {
      const { withdrawal } = result;
      return {
        outcome: "refreshed",
        detail: `${WITHDRAWAL_STATE_LABELS[result.from]} → ${WITHDRAWAL_STATE_LABELS[withdrawal.state]} (the service: ${serviceStatusLabel("withdrawal", withdrawal.serviceStatus).toLowerCase()})`,
      };
    }
    case "recorded": {
      const { withdrawal, previousStatus } = result;
      const changes = [
        `the service: ${serviceStatusLabel("withdrawal", previousStatus).toLowerCase()} → ${serviceStatusLabel("withdrawal", withdrawal.serviceStatus).toLowerCase()}`,
      ];
      if (withdrawal.state === "unknown") changes.push("service id adopted; resubmitting to confirm");
      if (withdrawal.state === "submitting") changes.push("submission still in flight");
      return { outcome: "refreshed", detail: changes.join(", ") };
    }
  }
}

function textOf(value: unknown): string | null {
  if (typeof value === "string") return value.slice(0, 255);
  if (value instanceof JsonNumber) return value.source;
  return null;
}
