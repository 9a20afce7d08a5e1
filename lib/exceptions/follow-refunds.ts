import "server-only";
import Decimal from "decimal.js";
import { and, count, desc, eq, isNull } from "drizzle-orm";
import { SYSTEM_ACTOR, WEBHOOK_ACTOR } from "@/lib/audit/record";
import { invoiceResolutions, withdrawals, type Withdrawal } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { notify } from "@/lib/notifications/notify";
import { recordResolution } from "./record-resolution";
import { loadRefundLedger, type RefundLedger } from "./refund-ledger";
import { peopleToldOfExceptions, reopenResolution } from "./reopen-resolution";

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
  if (settled && !ledger.resolution) {
    await resolveAsRefunded(tx, ledger, source, refund.state === "paid" ? refund : null);
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
  const reason =
    refund.state === "paid"
      ? `refund ${refund.orderId} gave back more than the excess: the merchant kept less than the invoice asked, so it is short again.`
      : `refund ${refund.orderId} no longer counts as paid out (it is now ${stateInWords}): the customer is still owed ${left}.`;
  await reopenResolution(tx, resolution, {
    reason,
    detail: { refund: refund.orderId, left: ledger.leftToSettle, currency: ledger.currency },
    source,
    audit: {
      before: { refund: refund.orderId },
      after: { refundState: refund.state, refundedSoFar: ledger.refundedSoFar, left: ledger.leftToSettle },
    },
  });
}

/**
 * After new money on an invoice: an exception that no resolution covers, whose refunds paid out
 * now cover what it puts at stake (a customer refunded for an underpayment who then paid the
 * rest and more), is resolved as refunded. Pass the transaction that booked the new money.
 */
export async function resolveIfRefundsSettle(
  tx: DbOrTx,
  invoiceId: string,
  source: "user" | "loop" | "webhook" | "view",
): Promise<void> {
  const ledger = await loadRefundLedger(tx, invoiceId, { lock: true });
  if (!ledger?.exception || ledger.leftToSettle === null || ledger.resolution) return;
  if (new Decimal(ledger.leftToSettle).gt(0)) return;
  await resolveAsRefunded(tx, ledger, source === "view" ? "loop" : source, null);
}

/**
 * Records the resolution as refunded, by `paid` or else the last refund paid out (settled again
 * even when the refund that moved is not one of them: one that gave back too much failed after
 * all). Nothing when no refund paid anything.
 */
async function resolveAsRefunded(
  tx: DbOrTx,
  ledger: RefundLedger,
  source: "user" | "loop" | "webhook",
  paid: Withdrawal | null,
): Promise<void> {
  const by = paid ?? (await lastPaidRefund(tx, ledger.invoice.id));
  if (!by || !new Decimal(ledger.refundedSoFar).gt(0)) return;
  const recorded = await recordResolution(tx, source === "webhook" ? WEBHOOK_ACTOR : SYSTEM_ACTOR, {
    invoiceId: ledger.invoice.id,
    kind: "refunded",
    note: by.reason,
    resolvedBy: by.requestedBy,
    refundWithdrawalId: by.id,
  });
  if (recorded) await tellWhenSettledAgain(tx, ledger);
}

/** Those told of a reopening hear when the balances settle it again (the timeline shows the resolution). */
async function tellWhenSettledAgain(tx: DbOrTx, ledger: RefundLedger): Promise<void> {
  // The resolution just recorded is one of them; an earlier one was reopened.
  const [{ resolutions } = { resolutions: 0 }] = await tx
    .select({ resolutions: count() })
    .from(invoiceResolutions)
    .where(eq(invoiceResolutions.invoiceId, ledger.invoice.id));
  if (resolutions < 2) return;
  await notify(tx, await peopleToldOfExceptions(tx), {
    kind: "invoice.exception_settled",
    object: { type: "invoice", id: ledger.invoice.id },
    message: `The exception on invoice ${ledger.invoice.orderId} is settled again: refunds paid out (${ledger.refundedSoFar} ${ledger.currency}) cover what was at stake.`,
    dedupeKey: `invoice:${ledger.invoice.id}:settled:${resolutions}`,
    mailCategory: "invoice_exception",
  });
}

async function lastPaidRefund(tx: DbOrTx, invoiceId: string): Promise<Withdrawal | null> {
  const [paid] = await tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.refundOfInvoiceId, invoiceId), eq(withdrawals.state, "paid")))
    .orderBy(desc(withdrawals.updatedAt))
    .limit(1);
  return paid ?? null;
}
