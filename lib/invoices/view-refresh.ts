import "server-only";
import { eq } from "drizzle-orm";
import { invoices } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { getServiceClient } from "@/lib/service/app-client";
import { refreshInvoice } from "./refresh-invoice";

/** How often a person watching an open invoice makes Paydesk ask the service again. */
export const VIEW_REFRESH_MS = 5_000;

/**
 * While someone has an open invoice on screen, their polling also refreshes it from the service,
 * at most every VIEW_REFRESH_MS however many people watch. Failures are recorded by
 * refreshInvoice and never break the page: it shows the last known state and when it was confirmed.
 */
export async function refreshIfWatchedAndStale(db: Db, invoiceId: string, now = new Date()): Promise<void> {
  const [row] = await db
    .select({ isFinal: invoices.isFinal, lastSyncedAt: invoices.lastSyncedAt, serviceId: invoices.serviceId })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  if (!row?.serviceId || row.isFinal) return;
  if (row.lastSyncedAt && now.getTime() - row.lastSyncedAt.getTime() < VIEW_REFRESH_MS) return;
  await refreshInvoice(db, getServiceClient(), invoiceId, "view");
}
