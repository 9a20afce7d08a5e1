import "server-only";
import { isPositiveAmount } from "@/lib/currencies/amount-rules";
import type { DbOrTx } from "@/lib/db/types";
import type { RefundContext } from "./refund-context";
import { emptyWithdrawalForm, type WithdrawalFormValues } from "@/lib/withdrawals/form-schema";
import { exceptionKind } from "@/lib/exceptions/exception-status";
import { plainAmount } from "./refund-cap";
import { loadRefundBasis } from "./refund-basis";
import { suggestedRefund } from "./refund-prefill";

/**
 * The withdrawal form opened as a refund of an invoice: prefilled from the invoice, or the reason
 * no refund can be asked for from it. The source wallets are offered, never filled in.
 */
export async function refundFormFor(
  db: DbOrTx,
  invoiceId: string,
  orderId: string,
): Promise<
  | { kind: "refused"; message: string }
  | { kind: "form"; defaultValues: WithdrawalFormValues; refund: RefundContext }
  | null
> {
  const basis = await loadRefundBasis(db, invoiceId);
  if (!basis) return null;
  const { invoice, currency } = basis;
  if (invoice.creationState !== "created" || !exceptionKind(invoice) || !invoice.network) {
    return {
      kind: "refused",
      message: `Invoice ${invoice.orderId} is ${invoice.status}: only overpaid, underpaid or expired-with-payment invoices are refunded from here.`,
    };
  }
  if (!isPositiveAmount(basis.refundable)) {
    return {
      kind: "refused",
      message: `Everything invoice ${invoice.orderId} received is already refunded or on its way back.`,
    };
  }
  const suggestion = suggestedRefund(basis);
  return {
    kind: "form",
    defaultValues: {
      ...emptyWithdrawalForm(orderId),
      amountIn: "crypto",
      currency,
      network: invoice.network,
      amount: suggestion.amount,
      customerId: suggestion.customerId,
      reason: suggestion.reason,
    },
    refund: {
      invoiceId: invoice.id,
      invoiceOrderId: invoice.orderId,
      currency,
      network: invoice.network,
      refundable: plainAmount(basis.refundable),
      sourceWallets: basis.sourceWallets,
    },
  };
}
