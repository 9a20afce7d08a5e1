import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { invoiceResolutions, invoices, users, type ResolutionKind } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { askForRestMessage } from "./ask-for-rest";
import { exceptionKind, type ExceptionKind } from "./exception-status";
import { resolutionOptions, type ResolutionOption } from "./resolution-rules";

export interface InvoiceException {
  /** The invoice's status these figures were read at. */
  invoiceStatus: string;
  kind: ExceptionKind | null;
  resolution: { how: ResolutionKind; note: string; by: string | null; at: string } | null;
  options: ResolutionOption[];
  /** The ready message for the customer, while the service still waits for the rest. */
  askForRest: string | null;
}

/** The invoice page's Resolution card: the exception, how it was resolved, or what can be done. */
export async function invoiceException(db: DbOrTx, invoiceId: string): Promise<InvoiceException | null> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) return null;
  const [resolution] = await db
    .select({
      how: invoiceResolutions.kind,
      note: invoiceResolutions.note,
      by: users.email,
      at: invoiceResolutions.createdAt,
    })
    .from(invoiceResolutions)
    .leftJoin(users, eq(users.id, invoiceResolutions.resolvedBy))
    .where(and(eq(invoiceResolutions.invoiceId, invoiceId), isNull(invoiceResolutions.reopenedAt)));
  const options = resolutionOptions(invoice, Boolean(resolution));
  const canAsk =
    options.includes("ask_for_rest") && invoice.remainingCryptoAmount && invoice.currency && invoice.payUrl;
  return {
    invoiceStatus: invoice.status,
    kind: invoice.creationState === "created" ? exceptionKind(invoice) : null,
    resolution: resolution ? { ...resolution, at: resolution.at.toISOString() } : null,
    options,
    askForRest: canAsk
      ? askForRestMessage({
          orderId: invoice.orderId,
          remaining: invoice.remainingCryptoAmount ?? "",
          currency: invoice.currency ?? "",
          network: invoice.network,
          payUrl: invoice.payUrl ?? "",
        })
      : null,
  };
}
