import "server-only";
import { eq } from "drizzle-orm";
import { invoices } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { getServiceClient } from "@/lib/service/app-client";
import { refreshInvoice } from "./refresh-invoice";
import { mayStillChange } from "./refresh-schedule";
import { asInvoiceStatus } from "./status";

/** How often a person watching an open invoice makes Paydesk ask the service again. */
export const VIEW_REFRESH_MS = 5_000;

/**
 * While someone has an invoice on screen that can still change (open, or expired or underpaid and
 * within the days a late payment is looked for), their polling also refreshes it from the service,
 * at most every VIEW_REFRESH_MS however many people watch. Failures are recorded by
 * refreshInvoice and never break the page: it shows the last known state and when it was confirmed.
 */
export async function refreshIfWatchedAndStale(db: Db, invoiceId: string, now = new Date()): Promise<void> {
  const [row] = await db
    .select({
      status: invoices.status,
      isFinal: invoices.isFinal,
      expiresAt: invoices.expiresAt,
      lastSyncedAt: invoices.lastSyncedAt,
      serviceId: invoices.serviceId,
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!row?.serviceId) return;
  if (!mayStillChange({ ...row, status: asInvoiceStatus(row.status), now })) return;
  if (row.lastSyncedAt && now.getTime() - row.lastSyncedAt.getTime() < VIEW_REFRESH_MS) return;
  await refreshInvoice(db, getServiceClient(), invoiceId, "view");
}
