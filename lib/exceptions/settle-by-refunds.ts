import "server-only";
import Decimal from "decimal.js";
import type { AuditActor } from "@/lib/audit/record";
import type { DbOrTx } from "@/lib/db/types";
import { recordResolution } from "./record-resolution";
import { loadRefundLedger } from "./refund-ledger";

/**
 * After a refund of the invoice was paid out: the exception is resolved as refunded once the
 * refunds paid out cover what the exception put at stake (the excess of an overpayment, all that
 * came of an underpaid or late invoice); a partial refund leaves it on the worklist with what is
 * left. Pass the transaction that recorded the payment.
 */
export async function settleByRefunds(
  tx: DbOrTx,
  actor: AuditActor,
  refund: { id: string; refundOfInvoiceId: string; reason: string; requestedBy: string },
): Promise<boolean> {
  const ledger = await loadRefundLedger(tx, refund.refundOfInvoiceId, { lock: true });
  if (!ledger?.exception || ledger.resolution || ledger.leftToSettle === null) return false;
  if (new Decimal(ledger.leftToSettle).gt(0)) return false;
  return recordResolution(tx, actor, {
    invoiceId: refund.refundOfInvoiceId,
    kind: "refunded",
    note: refund.reason,
    resolvedBy: refund.requestedBy,
    refundWithdrawalId: refund.id,
  });
}
