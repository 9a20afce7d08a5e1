import "server-only";
import Decimal from "decimal.js";
import type { DbOrTx } from "@/lib/db/types";
import type { WithdrawalState } from "@/lib/db/schema";
import type { ExceptionKind } from "@/lib/exceptions/exception-status";
import { plainAmount } from "@/lib/exceptions/refund-cap";
import { whyRefundIsNotDue } from "@/lib/exceptions/refund-due";
import { loadRefundLedger } from "@/lib/exceptions/refund-ledger";
import { isPositiveAmount } from "@/lib/currencies/amount-rules";
import type { RefundStoryEntry } from "./refund-story";
import { refundChoices, type RefundChoices } from "./refund-choices";
import { refundHistory } from "./refund-history";

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
  /** How much more than it asked an overpaid invoice received; null otherwise. */
  excess: string | null;
  /** What a new refund would give back by default, and the other choice (see refundChoices). */
  choices: RefundChoices;
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
    /** The payout's transaction, once the service reported it. */
    txid: string | null;
    createdAt: string;
  }[];
  /** The refunds' steps (requested, approved, paid out …) for the invoice's timeline. */
  history: RefundStoryEntry[];
}

/** The invoice page's Refunds card: the refunds linked to the invoice and what a refund would give back. */
export async function invoiceRefunds(db: DbOrTx, invoiceId: string): Promise<InvoiceRefunds | null> {
  const ledger = await loadRefundLedger(db, invoiceId);
  if (!ledger) return null;
  const offersRefund =
    isPositiveAmount(ledger.refundable) && whyRefundIsNotDue(ledger, ledger.refundable) === null;
  const { cryptoAmount } = ledger.invoice;
  return {
    invoiceStatus: ledger.invoice.status,
    exception: ledger.exception,
    offersRefund,
    currency: ledger.currency,
    received: plainAmount(ledger.received),
    refundable: plainAmount(ledger.refundable),
    excess:
      ledger.exception === "overpaid" && cryptoAmount !== null
        ? plainAmount(Decimal.max(new Decimal(ledger.received).minus(cryptoAmount), 0))
        : null,
    choices: refundChoices(ledger),
    refundedSoFar: ledger.refundedSoFar,
    toSettle: ledger.toSettle,
    leftToSettle: ledger.leftToSettle,
    refunds: ledger.refunds.map((refund) => ({
      id: refund.id,
      orderId: refund.orderId,
      amount: refund.amount,
      state: refund.state,
      address: refund.address,
      txid: refund.txid,
      createdAt: refund.createdAt.toISOString(),
    })),
    history: await refundHistory(db, ledger.refunds, ledger.currency),
  };
}
