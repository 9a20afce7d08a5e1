import { refundChoices, type RefundChoicesInput } from "./refund-choices";

/**
 * The refund a person most likely wants, as the form opens: the excess of an overpayment, or all
 * that was received of an underpaid or expired invoice the merchant will not honour; never more
 * than is left. Once refunds cover what the exception put at stake, the amount is left empty:
 * refunding more is the person's choice.
 */
export function suggestedRefund(input: RefundChoicesInput) {
  const choices = refundChoices(input);
  const preferred = choices.preferred ? choices[choices.preferred] : null;
  return {
    amount: preferred?.amount ?? "",
    reason: preferred?.reason ?? `Refund of invoice ${input.invoice.orderId}: `,
    customerId: choices.customerId,
  };
}
