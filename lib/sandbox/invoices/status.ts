/**
 * Invoice statuses and the one rule that derives them. With accuracy p the invoice is paid once
 * received ≥ crypto_amount × (100 − p) / 100, and paid_over once received > crypto_amount.
 * An underpaid invoice waits for more (wrong_amount_waiting) only while multiple payments are
 * allowed and it has not expired; otherwise it is final as wrong_amount.
 */
import Decimal from "decimal.js";

export const INVOICE_STATUSES = [
  "pending",
  "paid",
  "paid_over",
  "wrong_amount",
  "wrong_amount_waiting",
  "cancel",
  "fail",
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const OPEN_STATUSES: InvoiceStatus[] = ["pending", "wrong_amount_waiting"];

export const isFinalStatus = (s: string) => !OPEN_STATUSES.includes(s as InvoiceStatus);

export function deriveStatus(input: {
  cryptoAmount: Decimal;
  accuracyPercent: Decimal;
  isPaymentMultiple: boolean;
  received: Decimal;
  hasPayments: boolean;
  expired: boolean;
}): InvoiceStatus {
  if (!input.hasPayments) return input.expired ? "cancel" : "pending";
  const threshold = input.cryptoAmount.times(new Decimal(100).minus(input.accuracyPercent)).div(100);
  if (input.received.gte(threshold)) return input.received.gt(input.cryptoAmount) ? "paid_over" : "paid";
  return input.isPaymentMultiple && !input.expired ? "wrong_amount_waiting" : "wrong_amount";
}
