// Wire bodies for the creation requests: snake_case names, a fixed key order, absent fields omitted.
// Only validated input reaches here (schemas.ts).
import type { ValidCreateInvoiceInput, ValidCreateWithdrawalInput } from "./schemas";

function compact(entries: Array<[string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) if (value !== undefined) out[key] = value;
  return out;
}

export function invoiceBody(input: ValidCreateInvoiceInput): Record<string, unknown> {
  return compact([
    ["amount", input.amount],
    ["fiat_currency", input.fiatCurrency],
    ["order_id", input.orderId],
    ["currency", input.currency],
    ["network", input.network],
    ["is_payment_multiple", input.isPaymentMultiple],
    ["lifetime", input.lifetime],
    ["accuracy_payment_percent", input.accuracyPaymentPercent],
    ["webhook_url", input.webhookUrl],
    ["return_url", input.returnUrl],
    ["success_url", input.successUrl],
    ["additional_data", input.additionalData],
  ]);
}

export function withdrawalPayload(input: ValidCreateWithdrawalInput): Record<string, unknown> {
  return compact([
    ["amount", input.amount],
    ["fiat_amount", input.fiatAmount],
    ["fiat_currency", input.fiatCurrency],
    ["currency", input.currency],
    ["network", input.network],
    ["order_id", input.orderId],
    ["address", input.address],
    ["is_subtract", input.isSubtract],
    ["additional_data", input.additionalData],
  ]);
}
