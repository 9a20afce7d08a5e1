import "server-only";
import { eq } from "drizzle-orm";
import { recordAudit, SYSTEM_ACTOR, WEBHOOK_ACTOR } from "@/lib/audit/record";
import { invoiceEvents, invoiceResolutions, invoices, type InvoiceResolution } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { notify } from "@/lib/notifications/notify";
import { peopleWhoMay } from "@/lib/notifications/recipients";
import { RESOLUTION_LABELS } from "./resolution-labels";

export type ReopenSource = "user" | "webhook" | "loop" | "view";

/**
 * Takes a resolution out of force because the money under it changed: it stays in the history,
 * a note goes on the invoice's timeline and in the audit log, and the people who resolve
 * exceptions and finance (who decide refunds) are told. The invoice is back on the worklist when it is still an exception.
 * Pass the transaction that stored the change of money, with the resolution's row locked.
 */
export async function reopenResolution(
  tx: DbOrTx,
  resolution: InvoiceResolution,
  change: {
    reason: string;
    /** For the timeline entry, beside the resolution, its note and the reason. */
    detail: Record<string, unknown>;
    source: ReopenSource;
    /** For the audit entry: the figures before and after the change. */
    audit: { before: Record<string, unknown>; after: Record<string, unknown> };
  },
): Promise<void> {
  const how = RESOLUTION_LABELS[resolution.kind];
  await tx
    .update(invoiceResolutions)
    .set({ reopenedAt: new Date(), reopenedReason: change.reason })
    .where(eq(invoiceResolutions.id, resolution.id));
  await tx.insert(invoiceEvents).values({
    invoiceId: resolution.invoiceId,
    kind: "exception_reopened",
    detail: { resolution: how, note: resolution.note, reason: change.reason, ...change.detail },
    source: change.source,
  });
  await recordAudit(tx, change.source === "webhook" ? WEBHOOK_ACTOR : SYSTEM_ACTOR, {
    action: "invoice.reopened",
    object: { type: "invoice", id: resolution.invoiceId },
    before: { resolution: resolution.kind, ...change.audit.before },
    after: change.audit.after,
    note: change.reason,
  });
  const [invoice] = await tx
    .select({ orderId: invoices.orderId })
    .from(invoices)
    .where(eq(invoices.id, resolution.invoiceId));
  await notify(tx, await peopleToldOfExceptions(tx), {
    kind: "invoice.exception_reopened",
    object: { type: "invoice", id: resolution.invoiceId },
    message: `The exception on invoice ${invoice?.orderId ?? resolution.invoiceId} is open again: ${change.reason}`,
    dedupeKey: `invoice:${resolution.invoiceId}:reopened:${resolution.id}`,
    mailCategory: "invoice_exception",
  });
}

/** Who hears when an exception opens again or settles again: those who resolve them, and finance. */
export async function peopleToldOfExceptions(tx: DbOrTx): Promise<string[]> {
  return [
    ...new Set([
      ...(await peopleWhoMay(tx, "invoices:resolve")),
      ...(await peopleWhoMay(tx, "withdrawals:approve")),
    ]),
  ];
}
