import Decimal from "decimal.js";
import { holdsShare, plainAmount } from "./refund-cap";
import type { RefundLedger } from "./refund-ledger";
import { RESOLUTION_LABELS } from "./resolution-labels";

/**
 * Why a refund of `amount` can no longer go out of this invoice, or null when it still can: the
 * invoice must still be an exception nobody resolved, and the amount within what is refundable
 * now. Checked when a refund is requested, at each approval and before it is sent, against the
 * invoice as it is then (a customer may have paid the rest meanwhile, or someone resolved it).
 * `refundId` names a refund already linked to the invoice, whose own share is then not counted.
 */
export function whyRefundIsNotDue(
  ledger: RefundLedger,
  amount: string,
  refundId?: string,
): { message: string; field?: "amount" } | null {
  const { invoice, currency, received } = ledger;
  if (!ledger.exception) {
    return {
      message: `Invoice ${invoice.orderId} is ${invoice.status} now (it received ${plainAmount(received)} ${currency}): there is nothing to refund.`,
    };
  }
  if (ledger.resolution) {
    const how = RESOLUTION_LABELS[ledger.resolution.kind].toLowerCase();
    const by = ledger.resolution.by ? ` by ${ledger.resolution.by}` : "";
    return {
      message: `Invoice ${invoice.orderId} was resolved (${how}${by}): it offers no refund any more.`,
    };
  }
  const others = ledger.refunds.filter((refund) => refund.id !== refundId);
  // What the ledger leaves refundable, plus this refund's own share when it holds one.
  const own = ledger.refunds.find((refund) => refund.id === refundId);
  const left = new Decimal(ledger.refundable).plus(own && holdsShare(own) ? (own.amount ?? 0) : 0);
  if (new Decimal(amount).gt(left)) {
    const held = others.some(holdsShare) ? " and other refunds hold the rest" : "";
    return {
      message: `At most ${plainAmount(left)} ${currency} can still be refunded: invoice ${invoice.orderId} received ${plainAmount(received)} ${currency}${held}.`,
      field: "amount",
    };
  }
  return null;
}
