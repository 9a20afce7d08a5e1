import "server-only";
import { RuleError } from "@/lib/auth/rule-error";
import type { Withdrawal } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { loadRefundLedger } from "@/lib/exceptions/refund-ledger";
import { whyRefundIsNotDue } from "@/lib/exceptions/refund-due";
import { findFormRequest, requestWithdrawal } from "@/lib/withdrawals/request-withdrawal";
import type { ValidRefundForm } from "./form-schema";

/**
 * Requests a refund of (part of) what an invoice received, linked to it, awaiting finance's
 * approval like any payout. The invoice's row is locked while it is checked, so two refunds
 * requested at once cannot together pass what the invoice received.
 */
export async function requestRefund(db: Db, form: ValidRefundForm, requesterId: string): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const ledger = await loadRefundLedger(tx, form.refundOfInvoiceId, { lock: true });
    if (!ledger) throw new RuleError("This invoice does not exist (any more).");
    // The same form sent again gives back the refund it made, even when that one used up the cap.
    const sent = await findFormRequest(tx, form.requestToken, requesterId);
    if (sent) return sent;
    const { invoice, currency } = ledger;
    if (form.amountIn !== "crypto") {
      throw new RuleError(`A refund is given in ${currency}, the currency the customer paid in.`, {
        field: "amount",
      });
    }
    // Currency and network are fixed on the refund form, so these are said above it, not on a field.
    if (ledger.exception && form.currency !== currency) {
      throw new RuleError(`The customer paid in ${currency}: refund in ${currency}.`);
    }
    if (ledger.exception && form.network !== invoice.network) {
      throw new RuleError(`The customer paid on ${invoice.network}: refund on ${invoice.network}.`);
    }
    const notDue = whyRefundIsNotDue(ledger, form.amount);
    if (notDue) throw new RuleError(notDue.message, notDue.field ? { field: notDue.field } : undefined);
    return requestWithdrawal(tx, form, requesterId, { refundOfInvoiceId: invoice.id });
  });
}
