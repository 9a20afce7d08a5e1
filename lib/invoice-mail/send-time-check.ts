import "server-only";
import { eq } from "drizzle-orm";
import { invoices, type OutboxMessage } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { asInvoiceStatus } from "@/lib/invoices/status";
import { isCustomerMailKind } from "./kinds";

/**
 * Why a message should no longer leave, judged when the loop is about to send it (the invoice
 * may have been paid since it was queued); null to send it. A customer is never asked to pay an
 * invoice that is paid, expired or cancelled by then, nor for the rest of one no longer waiting.
 */
export async function reasonNotToSend(
  db: Db,
  message: OutboxMessage,
  now = new Date(),
): Promise<string | null> {
  if (!isCustomerMailKind(message.kind)) return null;
  if (!message.invoiceId) return "It names no invoice.";
  const [invoice] = await db
    .select({ status: invoices.status, isFinal: invoices.isFinal, expiresAt: invoices.expiresAt })
    .from(invoices)
    .where(eq(invoices.id, message.invoiceId));
  if (!invoice) return "Its invoice no longer exists.";
  const status = asInvoiceStatus(invoice.status);
  if (message.kind === "ask_for_rest") {
    return status === "underpaid" && !invoice.isFinal ? null : "The invoice no longer waits for the rest.";
  }
  if (invoice.isFinal) return `The invoice is ${status} already.`;
  if (status !== "open") return `The invoice is ${status}.`;
  if (invoice.expiresAt && invoice.expiresAt <= now) return "The invoice has expired.";
  return null;
}
