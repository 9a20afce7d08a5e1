import "server-only";
import { eq } from "drizzle-orm";
import { invoiceEvents, invoices } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { isServiceError, type ServiceClient, type ServiceError, type ServiceInvoice } from "@/lib/service";
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

/** An invoice to refresh: its id, or its id and service id when the caller has read them already. */
export type InvoiceToRefresh = string | { id: string; serviceId: string };

/** Writes an answer into the row: applyServiceInvoice, or a caller's group commit of it. */
export type ApplyAnswer = (
  invoiceId: string,
  remote: ServiceInvoice,
  source: SyncSource,
  actorId?: string,
) => Promise<ApplyResult>;

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
  invoice: InvoiceToRefresh,
  source: SyncSource,
  actorId?: string,
  apply?: ApplyAnswer,
): Promise<RefreshOutcome> {
  const invoiceId = typeof invoice === "string" ? invoice : invoice.id;
  return refreshesInFlight().run(invoiceId, () =>
    readAndApplyInvoice(db, client, invoice, source, actorId, apply),
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
  invoice: InvoiceToRefresh,
  source: SyncSource,
  actorId?: string,
  apply: ApplyAnswer = (id, remote, from, by) => applyServiceInvoice(db, id, remote, from, by),
): Promise<RefreshOutcome> {
  const known = typeof invoice === "string" ? await readServiceId(db, invoice) : invoice;
  if (!known?.serviceId) {
    return { ok: false, reason: "not_created", message: "The service has not confirmed this invoice yet." };
  }
  const { id: invoiceId, serviceId } = known;
  try {
    const remote = await client.getInvoice(serviceId);
    return { ok: true, ...(await apply(invoiceId, remote, source, actorId)) };
  } catch (error) {
    if (!isServiceError(error)) throw error;
    await recordRefreshFailure(db, invoiceId, error, source, actorId);
    return { ok: false, reason: "service_error", message: error.userMessage };
  }
}

async function readServiceId(db: Db, invoiceId: string) {
  const [row] = await db
    .select({ id: invoices.id, serviceId: invoices.serviceId })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  return row;
}

/** The loop backs off (retryRefreshAt); the timeline hears of the first failure of a run only. */
async function recordRefreshFailure(
  db: Db,
  invoiceId: string,
  error: ServiceError,
  source: SyncSource,
  actorId: string | undefined,
): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    const [local] = await tx
      .select({ refreshFailures: invoices.refreshFailures })
      .from(invoices)
      .where(eq(invoices.id, invoiceId))
      .for("update");
    if (!local) return;
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
}
