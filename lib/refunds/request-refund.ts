import "server-only";
import { eq } from "drizzle-orm";
import { RuleError } from "@/lib/auth/rule-error";
import { withdrawals, type Withdrawal } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { exceptionKind } from "@/lib/exceptions/exception-status";
import { existingRequest, requestWithdrawal } from "@/lib/withdrawals/request-withdrawal";
import type { ValidRefundForm } from "./form-schema";
import { fitsUnderCap, plainAmount } from "./refund-cap";
import { loadRefundBasis } from "./refund-basis";

/**
 * Requests a refund of (part of) what an invoice received, linked to it, awaiting finance's
 * approval like any payout. The invoice's row is locked while the cap is checked, so two refunds
 * requested at once cannot together pass what the invoice received.
 */
export async function requestRefund(db: Db, form: ValidRefundForm, requesterId: string): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const basis = await loadRefundBasis(tx, form.refundOfInvoiceId, { lock: true });
    if (!basis) throw new RuleError("This invoice does not exist (any more).");
    // The same form sent again gives back the refund it made, even when that one used up the cap.
    const [sameForm] = await tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(eq(withdrawals.orderId, form.orderId));
    if (sameForm) return existingRequest(tx, form.orderId, requesterId);

    const { invoice, currency } = basis;
    if (invoice.creationState !== "created" || !exceptionKind(invoice)) {
      throw new RuleError(
        `Invoice ${invoice.orderId} is ${invoice.status}: refunds from an invoice are for overpaid, underpaid or expired-with-payment invoices.`,
      );
    }
    if (form.amountIn !== "crypto") {
      throw new RuleError(`A refund is given in ${currency}, the currency the customer paid in.`, {
        field: "amount",
      });
    }
    // Currency and network are fixed on the refund form, so these are said above it, not on a field.
    if (form.currency !== currency) {
      throw new RuleError(`The customer paid in ${currency}: refund in ${currency}.`);
    }
    if (form.network !== invoice.network) {
      throw new RuleError(`The customer paid on ${invoice.network}: refund on ${invoice.network}.`);
    }
    if (!fitsUnderCap(basis, form.amount)) {
      throw new RuleError(
        `At most ${plainAmount(basis.refundable)} ${currency} can still be refunded: invoice ${invoice.orderId} received ${plainAmount(basis.received)} ${currency} and earlier refunds hold the rest.`,
        { field: "amount" },
      );
    }
    return requestWithdrawal(tx, form, requesterId, { refundOfInvoiceId: invoice.id });
  });
}
