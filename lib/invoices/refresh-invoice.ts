import "server-only";
import { eq } from "drizzle-orm";
import { invoiceEvents, invoices } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { isServiceError, type ServiceClient } from "@/lib/service";
import { applyServiceInvoice, type ApplyResult, type SyncSource } from "./apply-service-invoice";
import { CoalescedRuns } from "./coalesced-runs";
import { retryRefreshAt } from "./refresh-schedule";

export type RefreshOutcome =
  ({ ok: true } & ApplyResult) | { ok: false; reason: "not_created" | "service_error"; message: string };

const globalKey = Symbol.for("paydesk.invoiceRefreshes");
// On globalThis: the webhook route, the pages and the background loop are separate module graphs.
type GlobalWithRefreshes = typeof globalThis & { [globalKey]?: CoalescedRuns<RefreshOutcome> };

function refreshesInFlight(): CoalescedRuns<RefreshOutcome> {
  const store = globalThis as GlobalWithRefreshes;
  store[globalKey] ??= new CoalescedRuns();
  return store[globalKey];
}

/**
 * Brings an invoice up to date from the service: one refresh of it at a time in this process.
 * Asked while one runs (a webhook arriving during the loop's call, say), it waits and shares ONE
 * more refresh after it, recorded under the first waiting caller's source: the running read may
 * have been answered before the news. Another instance may refresh the same invoice meanwhile;
 * applyServiceInvoice keeps that race harmless (an older answer changes nothing).
 */
export function refreshInvoice(
  db: Db,
  client: ServiceClient,
  invoiceId: string,
  source: SyncSource,
  actorId?: string,
): Promise<RefreshOutcome> {
  return refreshesInFlight().run(invoiceId, () =>
    readAndApplyInvoice(db, client, invoiceId, source, actorId),
  );
}

/**
 * One read of the invoice from the service, applied. A failure is recorded on the row (the loop
 * backs off) and on the timeline once per run of failures, not once per attempt. Callers go through
 * refreshInvoice; this is the step it serialises.
 */
export async function readAndApplyInvoice(
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
