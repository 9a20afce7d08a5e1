import type { HandlerResult, WebhookHandlers } from "./handler-types";
import { handleInvoiceWebhook } from "./invoice-handler";
import { handleWithdrawalWebhook } from "./withdrawal-handler";

export const DEFAULT_WEBHOOK_HANDLERS: WebhookHandlers = {
  invoice: handleInvoiceWebhook,
  withdrawal: handleWithdrawalWebhook,
};

export function unhandledResource(resourceType: string): HandlerResult {
  return {
    outcome: "unknown_order",
    detail: `No handler for resource type "${resourceType}"; stored only.`,
  };
}
