import "server-only";
import { sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { invoiceResolutions, type ResolutionKind } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";

export interface Resolution {
  invoiceId: string;
  kind: ResolutionKind;
  note: string;
  resolvedBy: string | null;
  refundWithdrawalId?: string | null;
}

/**
 * Records how an exception was dealt with, once: an invoice already resolved keeps its first
 * resolution and this returns false. Pass the transaction that makes the change, so the
 * resolution, its audit entry and the change are committed together.
 */
export async function recordResolution(
  tx: DbOrTx,
  actor: AuditActor,
  resolution: Resolution,
): Promise<boolean> {
  const [created] = await tx
    .insert(invoiceResolutions)
    .values({
      invoiceId: resolution.invoiceId,
      kind: resolution.kind,
      note: resolution.note,
      resolvedBy: resolution.resolvedBy,
      refundWithdrawalId: resolution.refundWithdrawalId ?? null,
    })
    .onConflictDoNothing({ target: invoiceResolutions.invoiceId, where: sql`reopened_at is null` })
    .returning({ id: invoiceResolutions.id });
  if (!created) return false;
  await recordAudit(tx, actor, {
    action: "invoice.resolved",
    object: { type: "invoice", id: resolution.invoiceId },
    after: { how: resolution.kind, refundWithdrawalId: resolution.refundWithdrawalId ?? null },
    note: resolution.note,
  });
  return true;
}
