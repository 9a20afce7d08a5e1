import { randomBytes } from "node:crypto";

/** A fresh order id: inv_ + time (sortable) + randomness, well within alpha_dash and 255 chars. */
export function newInvoiceOrderId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:T]/g, "").slice(0, 14);
  return `inv_${stamp}_${randomBytes(5).toString("hex")}`;
}
