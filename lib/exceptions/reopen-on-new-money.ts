import "server-only";
import Decimal from "decimal.js";
import { and, eq, isNull } from "drizzle-orm";
import { recordAudit, SYSTEM_ACTOR, WEBHOOK_ACTOR } from "@/lib/audit/record";
import { invoiceEvents, invoiceResolutions } from "@/lib/db/schema";
import type { Tx } from "@/lib/db/types";
import { RESOLUTION_LABELS } from "./resolution-labels";

interface Received {
  paidCryptoAmount: string | null;
  currency: string | null;
}

/**
 * New money on an invoice whose exception was resolved reopens it: the resolution stops being in
 * force (it stays in the history), a note goes on the invoice's timeline and in the audit log, and
 * the invoice is back on the worklist when it is still an exception, with what is at stake now
 * (a customer who was accepted as paid and then sent more has overpaid). Pass the transaction
 * that stored the new figures.
 */
export async function reopenOnNewMoney(
  tx: Tx,
  invoiceId: string,
  before: Received,
  after: Received,
  source: "user" | "webhook" | "loop" | "view",
): Promise<boolean> {
  const more = new Decimal(after.paidCryptoAmount ?? 0).minus(before.paidCryptoAmount ?? 0);
  if (!more.gt(0)) return false;
  const [resolution] = await tx
    .select()
    .from(invoiceResolutions)
    .where(and(eq(invoiceResolutions.invoiceId, invoiceId), isNull(invoiceResolutions.reopenedAt)))
    .for("update");
  if (!resolution) return false;
  const how = RESOLUTION_LABELS[resolution.kind];
  const reason = `${more.toFixed()} ${after.currency ?? ""} more arrived after it was resolved (${how.toLowerCase()}).`;
  await tx
    .update(invoiceResolutions)
    .set({ reopenedAt: new Date(), reopenedReason: reason })
    .where(eq(invoiceResolutions.id, resolution.id));
  await tx.insert(invoiceEvents).values({
    invoiceId,
    kind: "exception_reopened",
    detail: {
      resolution: how,
      note: resolution.note,
      arrived: more.toFixed(),
      currency: after.currency,
      reason,
    },
    source,
  });
  await recordAudit(tx, source === "webhook" ? WEBHOOK_ACTOR : SYSTEM_ACTOR, {
    action: "invoice.reopened",
    object: { type: "invoice", id: invoiceId },
    before: { resolution: resolution.kind, received: before.paidCryptoAmount },
    after: { received: after.paidCryptoAmount },
    note: reason,
  });
  return true;
}
