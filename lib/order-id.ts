import { randomBytes } from "node:crypto";

/**
 * A fresh order id: prefix + time (sortable) + randomness, within the service's alpha_dash rule
 * and 255 characters. Invoices use inv_, withdrawals wd_.
 */
export function newOrderId(prefix: "inv" | "wd", now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:T]/g, "").slice(0, 14);
  return `${prefix}_${stamp}_${randomBytes(5).toString("hex")}`;
}

/** The idempotency token of a form, made when it is opened: the same form sent twice is one request. */
export function newFormToken(): string {
  return `form_${randomBytes(12).toString("hex")}`;
}
