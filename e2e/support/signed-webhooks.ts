import { createHmac } from "node:crypto";

/**
 * A signed invoice webhook as the service sends it: the JSON of the payload with `"sign"` (hex
 * HMAC-SHA256 of that JSON, keyed with the invoice key) appended last. Order ids and amounts
 * hold no `/` and no non-ASCII character, so this JSON is also the PHP encoding the service signs.
 */
export function signedInvoiceWebhook(invoiceKey: string, orderId: string): string {
  const json = JSON.stringify({
    type: "invoice",
    invoice_id: `inv-${orderId}`,
    order_id: orderId,
    status: "pending",
    is_final: false,
    amount: "10.00",
    fiat_currency: "USD",
    paid_crypto_amount: "0",
    paid_fiat_amount: "0",
  });
  const sign = createHmac("sha256", invoiceKey).update(json, "utf8").digest("hex");
  return `${json.slice(0, -1)},"sign":"${sign}"}`;
}

/** A signed withdrawal webhook, as the service sends one for a payout of `amount` USDT on TRON. */
export function signedWithdrawalWebhook(
  invoiceKey: string,
  orderId: string,
  report: { status: string; amount: string },
): string {
  const json = JSON.stringify({
    type: "withdrawal",
    withdrawal_id: `wd-${orderId}`,
    order_id: orderId,
    status: report.status,
    is_final: report.status === "paid",
    amount: report.amount,
    currency: "USDT",
    network: "TRON",
    address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    txid: `tx-${orderId}`,
  });
  const sign = createHmac("sha256", invoiceKey).update(json, "utf8").digest("hex");
  return `${json.slice(0, -1)},"sign":"${sign}"}`;
}
