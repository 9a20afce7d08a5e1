import "server-only";
import type { Withdrawal } from "@/lib/db/schema";
import type { Tx } from "@/lib/db/types";
import { whyRefundIsNotDue } from "@/lib/exceptions/refund-due";
import { loadRefundLedger } from "@/lib/exceptions/refund-ledger";
import { transition } from "./transition";

/**
 * A refund is checked against its invoice again at each approval and before it is sent: the
 * customer may have paid the rest meanwhile, someone may have resolved the exception otherwise,
 * or other refunds may hold what is left. Locks the invoice's row (refunds of one invoice are
 * decided one after the other). Null for a payout that is no refund, or a refund still due.
 */
export async function whyRefundNoLongerDue(tx: Tx, withdrawal: Withdrawal): Promise<string | null> {
  if (!withdrawal.refundOfInvoiceId) return null;
  const ledger = await loadRefundLedger(tx, withdrawal.refundOfInvoiceId, { lock: true });
  if (!ledger) return "Its invoice no longer exists.";
  return whyRefundIsNotDue(ledger, withdrawal.amount ?? "0", withdrawal.id)?.message ?? null;
}

/** Sends a refund that is no longer due back to its requester (as rejected, with the reason). */
export async function returnRefund(
  tx: Tx,
  withdrawal: Withdrawal,
  reason: string,
  when: "approval" | "submission",
): Promise<Withdrawal> {
  const returned = await transition(tx, withdrawal.id, {
    event: "refund_returned",
    source: "loop",
    reason: `Returned to its requester at ${when}: ${reason}`,
    set: { rejectionReason: reason, nextSubmitAt: null },
  });
  if (!returned) throw new Error(`refund ${withdrawal.id} could not be returned from ${withdrawal.state}`);
  return returned;
}
