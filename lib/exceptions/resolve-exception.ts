import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { AuditActor } from "@/lib/audit/record";
import { RuleError } from "@/lib/auth/rule-error";
import { invoiceResolutions, invoices } from "@/lib/db/schema";
import type { Db, DbOrTx } from "@/lib/db/types";
import { recordResolution } from "./record-resolution";
import { holdsShare, plainAmount } from "./refund-cap";
import { loadRefundLedger } from "./refund-ledger";
import { resolutionOptions } from "./resolution-rules";

/** The first refund of the invoice that may still give money back (it holds its share), or null. */
async function refundGivingBack(tx: DbOrTx, invoiceId: string) {
  const ledger = await loadRefundLedger(tx, invoiceId);
  const refund = ledger?.refunds.find(holdsShare);
  if (!ledger || !refund) return null;
  return {
    amount: `${plainAmount(refund.amount ?? "0")} ${ledger.currency}`,
    orderId: refund.orderId,
  };
}

const OPTION_OF = { accepted_as_paid: "accept_as_paid", marked_resolved: "mark_resolved" } as const;

/**
 * Accepts an underpayment as paid, or marks an exception resolved, with the person's note. The
 * invoice's row is locked so the rule is checked against what it is now, and a second resolution
 * (two people at once, or a refund paid meanwhile) is refused. Accepting as paid is refused while
 * a refund of the invoice may still give money back: the two would contradict each other.
 */
export async function resolveException(
  db: Db,
  actor: AuditActor & { userId: string },
  input: { invoiceId: string; kind: keyof typeof OPTION_OF; note: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [invoice] = await tx
      .select({
        orderId: invoices.orderId,
        status: invoices.status,
        isFinal: invoices.isFinal,
        paidCryptoAmount: invoices.paidCryptoAmount,
        creationState: invoices.creationState,
      })
      .from(invoices)
      .where(eq(invoices.id, input.invoiceId))
      .for("update");
    if (!invoice) throw new RuleError("This invoice does not exist (any more).");
    const [resolved] = await tx
      .select({ id: invoiceResolutions.id })
      .from(invoiceResolutions)
      .where(and(eq(invoiceResolutions.invoiceId, input.invoiceId), isNull(invoiceResolutions.reopenedAt)));
    if (resolved) throw new RuleError(`Invoice ${invoice.orderId} is already resolved.`);
    if (!resolutionOptions(invoice, false).includes(OPTION_OF[input.kind])) {
      throw new RuleError(
        input.kind === "accepted_as_paid"
          ? `Only an underpaid invoice can be accepted as paid; ${invoice.orderId} is ${invoice.status}.`
          : `Invoice ${invoice.orderId} is ${invoice.status}: there is no exception to resolve.`,
      );
    }
    if (input.kind === "accepted_as_paid") {
      const giving = await refundGivingBack(tx, input.invoiceId);
      if (giving) {
        throw new RuleError(
          `Refund ${giving.orderId} gives ${giving.amount} of invoice ${invoice.orderId} back: accepting it as paid would keep money that is being given back. Reject, cancel or close the refund first.`,
        );
      }
    }
    await recordResolution(tx, actor, {
      invoiceId: input.invoiceId,
      kind: input.kind,
      note: input.note,
      resolvedBy: actor.userId,
    });
  });
}
