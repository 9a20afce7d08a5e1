import "server-only";
import type { DbOrTx } from "@/lib/db/types";
import { plainAmount } from "@/lib/exceptions/refund-cap";
import { whyRefundIsNotDue } from "@/lib/exceptions/refund-due";
import { loadRefundLedger } from "@/lib/exceptions/refund-ledger";
import { isPositiveAmount } from "@/lib/currencies/amount-rules";
import { emptyWithdrawalForm, type WithdrawalFormValues } from "@/lib/withdrawals/form-schema";
import type { RefundContext } from "./refund-context";
import { refundChoices } from "./refund-choices";
import { suggestedRefund } from "./refund-prefill";

/**
 * The withdrawal form opened as a refund of an invoice: prefilled from the invoice, or the reason
 * no refund can be asked for from it. The source wallets are offered, never filled in.
 */
export async function refundFormFor(
  db: DbOrTx,
  invoiceId: string,
  requestToken: string,
): Promise<
  | { kind: "refused"; message: string }
  | { kind: "form"; defaultValues: WithdrawalFormValues; refund: RefundContext }
  | null
> {
  const ledger = await loadRefundLedger(db, invoiceId);
  if (!ledger) return null;
  const { invoice, currency } = ledger;
  // Any amount: is it still an exception nobody resolved?
  const notDue = whyRefundIsNotDue(ledger, "0");
  if (notDue) return { kind: "refused", message: notDue.message };
  if (!invoice.network || !isPositiveAmount(ledger.refundable)) {
    return {
      kind: "refused",
      message: `Everything invoice ${invoice.orderId} received is already refunded or on its way back.`,
    };
  }
  const suggestion = suggestedRefund(ledger);
  return {
    kind: "form",
    defaultValues: {
      ...emptyWithdrawalForm(requestToken),
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
      refundable: plainAmount(ledger.refundable),
      choices: refundChoices(ledger),
      sourceWallets: ledger.sourceWallets,
    },
  };
}
