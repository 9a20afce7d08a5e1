import Decimal from "decimal.js";
import { exceptionKind } from "@/lib/exceptions/exception-status";
import { plainAmount } from "@/lib/exceptions/refund-cap";

export interface RefundPrefillInput {
  invoice: {
    orderId: string;
    status: string;
    cryptoAmount: string | null;
    paidCryptoAmount: string | null;
    customerId: string | null;
  };
  currency: string;
  received: string;
  refundable: string;
}

/**
 * The refund a person most likely wants: the excess of an overpayment, or all that was received
 * of an underpaid or expired invoice the merchant will not honour; never more than is left.
 */
export function suggestedRefund({ invoice, currency, received, refundable }: RefundPrefillInput) {
  const kind = exceptionKind(invoice);
  const wanted =
    kind === "overpaid" && invoice.cryptoAmount
      ? new Decimal(received).minus(invoice.cryptoAmount)
      : new Decimal(received);
  const amount = Decimal.max(Decimal.min(wanted, refundable), 0);
  const why =
    kind === "overpaid"
      ? "the overpayment"
      : kind === "underpaid"
        ? "an underpayment that will not be honoured"
        : "a payment after the invoice expired";
  return {
    amount: amount.isZero() ? "" : plainAmount(amount),
    reason: `Refund of invoice ${invoice.orderId}: ${why} (${plainAmount(amount)} ${currency}).`,
    customerId: invoice.customerId ?? "",
  };
}
