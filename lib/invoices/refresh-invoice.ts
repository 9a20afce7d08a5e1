import "server-only";
import { eq } from "drizzle-orm";
import { invoiceEvents, invoices } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { isServiceError, type ServiceClient } from "@/lib/service";
import { applyServiceInvoice, type ApplyResult, type SyncSource } from "./apply-service-invoice";
import { retryRefreshAt } from "./refresh-schedule";

export type RefreshOutcome =
  ({ ok: true } & ApplyResult) | { ok: false; reason: "not_created" | "service_error"; message: string };

/**
 * Reads an invoice from the service and applies it. A failure is recorded on the row (the loop
 * backs off) and on the timeline once per run of failures, not once per attempt.
 */
export async function refreshInvoice(
  db: Db,
  client: ServiceClient,
  invoiceId: string,
  source: SyncSource,
  actorId?: string,
): Promise<RefreshOutcome> {
  const [local] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!local?.serviceId) {
    return { ok: false, reason: "not_created", message: "The service has not confirmed this invoice yet." };
  }
  try {
    const remote = await client.getInvoice(local.serviceId);
    return { ok: true, ...(await applyServiceInvoice(db, invoiceId, remote, source, actorId)) };
  } catch (error) {
    if (!isServiceError(error)) throw error;
    const now = new Date();
    await db.transaction(async (tx) => {
      await tx
        .update(invoices)
        .set({
          refreshFailures: local.refreshFailures + 1,
          nextRefreshAt: retryRefreshAt(local.refreshFailures + 1, now),
        })
        .where(eq(invoices.id, invoiceId));
      if (local.refreshFailures === 0) {
        await tx.insert(invoiceEvents).values({
          invoiceId,
          kind: "refresh_failed",
          detail: { kind: error.kind, message: error.userMessage },
          source,
          actorId,
        });
      }
    });
    return { ok: false, reason: "service_error", message: error.userMessage };
  }
}
