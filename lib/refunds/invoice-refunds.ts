import "server-only";
import type { DbOrTx } from "@/lib/db/types";
import type { WithdrawalState } from "@/lib/db/schema";
import type { ExceptionKind } from "@/lib/exceptions/exception-status";
import { plainAmount } from "@/lib/exceptions/refund-cap";
import { whyRefundIsNotDue } from "@/lib/exceptions/refund-due";
import { loadRefundLedger } from "@/lib/exceptions/refund-ledger";
import { isPositiveAmount } from "@/lib/currencies/amount-rules";

export interface InvoiceRefunds {
  /** The invoice's status these figures were read at. */
  invoiceStatus: string;
  /** The invoice's exception, or null when it is not one. */
  exception: ExceptionKind | null;
  /** Whether a new refund can be asked for now: an exception nobody resolved, with money left. */
  offersRefund: boolean;
  currency: string;
  received: string;
  refundable: string;
  /** What refunds paid out sent back. */
  refundedSoFar: string;
  /** What refunds must send back to settle the exception, and what of it is left; null without one. */
  toSettle: string | null;
  leftToSettle: string | null;
  refunds: {
    id: string;
    orderId: string;
    amount: string | null;
    state: WithdrawalState;
    address: string;
    createdAt: string;
  }[];
}

/** The invoice page's Refunds card: the refunds linked to the invoice and what is left to refund. */
export async function invoiceRefunds(db: DbOrTx, invoiceId: string): Promise<InvoiceRefunds | null> {
  const ledger = await loadRefundLedger(db, invoiceId);
  if (!ledger) return null;
  const offersRefund =
    isPositiveAmount(ledger.refundable) && whyRefundIsNotDue(ledger, ledger.refundable) === null;
  return {
    invoiceStatus: ledger.invoice.status,
    exception: ledger.exception,
    offersRefund,
    currency: ledger.currency,
    received: plainAmount(ledger.received),
    refundable: plainAmount(ledger.refundable),
    refundedSoFar: ledger.refundedSoFar,
    toSettle: ledger.toSettle,
    leftToSettle: ledger.leftToSettle,
    refunds: ledger.refunds.map((refund) => ({
      id: refund.id,
      orderId: refund.orderId,
      amount: refund.amount,
      state: refund.state,
      address: refund.address,
      createdAt: refund.createdAt.toISOString(),
    })),
  };
}
