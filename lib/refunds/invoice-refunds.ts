import "server-only";
import type { DbOrTx } from "@/lib/db/types";
import { exceptionKind, type ExceptionKind } from "@/lib/exceptions/exception-status";
import type { WithdrawalState } from "@/lib/db/schema";
import { plainAmount } from "./refund-cap";
import { loadRefundBasis } from "./refund-basis";

export interface InvoiceRefunds {
  /** The invoice's status these figures were read at. */
  invoiceStatus: string;
  /** The invoice's exception, or null when it is not one (no new refund is offered then). */
  exception: ExceptionKind | null;
  currency: string;
  received: string;
  refundable: string;
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
  const basis = await loadRefundBasis(db, invoiceId);
  if (!basis) return null;
  return {
    invoiceStatus: basis.invoice.status,
    exception: basis.invoice.creationState === "created" ? exceptionKind(basis.invoice) : null,
    currency: basis.currency,
    received: plainAmount(basis.received),
    refundable: plainAmount(basis.refundable),
    refunds: basis.refunds.map((refund) => ({ ...refund, createdAt: refund.createdAt.toISOString() })),
  };
}
