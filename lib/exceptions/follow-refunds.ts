import "server-only";
import Decimal from "decimal.js";
import { and, eq, isNull } from "drizzle-orm";
import { SYSTEM_ACTOR, WEBHOOK_ACTOR } from "@/lib/audit/record";
import { invoiceResolutions, type Withdrawal } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { recordResolution } from "./record-resolution";
import { loadRefundLedger } from "./refund-ledger";
import { reopenResolution } from "./reopen-resolution";

/**
 * After a refund of the invoice moved, the exception follows what refunds have paid back, both
 * ways. Once refunds paid out cover what the exception put at stake (the excess of an
 * overpayment, all that came of an underpaid or late invoice), it is resolved as refunded; a
 * partial refund leaves it on the worklist with what is left. Once they no longer do (a refund
 * counted as paid is then reported failed, is in conflict, or closed as never sent), a
 * resolution as refunded is reopened: a resolution is a fact about balances, not a flag. Pass the
 * transaction that moved the refund.
 */
export async function followRefunds(
  tx: DbOrTx,
  source: "user" | "loop" | "webhook",
  refund: Withdrawal & { refundOfInvoiceId: string },
  /** The refund's state in words (lib/withdrawals' labels), for the reopening's reason. */
  stateInWords: string,
): Promise<void> {
  const ledger = await loadRefundLedger(tx, refund.refundOfInvoiceId, { lock: true });
  if (!ledger?.exception || ledger.leftToSettle === null) return;
  const settled = !new Decimal(ledger.leftToSettle).gt(0);
  if (settled && !ledger.resolution && refund.state === "paid") {
    await recordResolution(tx, source === "webhook" ? WEBHOOK_ACTOR : SYSTEM_ACTOR, {
      invoiceId: refund.refundOfInvoiceId,
      kind: "refunded",
      note: refund.reason,
      resolvedBy: refund.requestedBy,
      refundWithdrawalId: refund.id,
    });
    return;
  }
  if (settled || ledger.resolution?.kind !== "refunded") return;
  const [resolution] = await tx
    .select()
    .from(invoiceResolutions)
    .where(
      and(eq(invoiceResolutions.invoiceId, refund.refundOfInvoiceId), isNull(invoiceResolutions.reopenedAt)),
    )
    .for("update");
  if (!resolution) return;
  const left = `${ledger.leftToSettle} ${ledger.currency}`;
  await reopenResolution(tx, resolution, {
    reason: `refund ${refund.orderId} no longer counts as paid out (it is now ${stateInWords}): the customer is still owed ${left}.`,
    detail: { refund: refund.orderId, left: ledger.leftToSettle, currency: ledger.currency },
    source,
    audit: {
      before: { refund: refund.orderId },
      after: { refundState: refund.state, refundedSoFar: ledger.refundedSoFar, left: ledger.leftToSettle },
    },
  });
}
