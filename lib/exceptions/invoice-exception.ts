import "server-only";
import Decimal from "decimal.js";
import { and, eq, isNull } from "drizzle-orm";
import { invoiceResolutions, invoices, users, type ResolutionKind } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import type { ResolutionStoryEntry } from "./resolution-story";
import { exceptionKind, type ExceptionKind } from "./exception-status";
import { exceptionStake, type ExceptionStake } from "./exception-stake";
import { holdsShare } from "./refund-cap";
import { loadRefundLedger } from "./refund-ledger";
import { resolutionHistory } from "./resolution-history";
import { resolutionOptions, type ResolutionOption } from "./resolution-rules";

export interface InvoiceException {
  /** The invoice's status these figures were read at. */
  invoiceStatus: string;
  kind: ExceptionKind | null;
  /** What the exception puts at stake, in the coin and in the invoice's fiat at its own rate. */
  stake: ExceptionStake | null;
  resolution: { how: ResolutionKind; note: string; by: string | null; at: string } | null;
  /**
   * What refunds paid out gave back: the excess of an overpayment, the whole payment, or a part;
   * null while nothing was paid back.
   */
  refunded: { amount: string; what: "excess" | "whole" | "part" } | null;
  options: ResolutionOption[];
  /** The ready message for the customer, while the service still waits for the rest. */
  /** Every resolution of it, reopened ones included, for the timeline. */
  history: ResolutionStoryEntry[];
}

/** The invoice page's Exception card: what is at stake, how it was resolved, or what can be done. */
export async function invoiceException(db: DbOrTx, invoiceId: string): Promise<InvoiceException | null> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) return null;
  const [[resolution], ledger, history] = await Promise.all([
    db
      .select({
        how: invoiceResolutions.kind,
        note: invoiceResolutions.note,
        by: users.email,
        at: invoiceResolutions.createdAt,
      })
      .from(invoiceResolutions)
      .leftJoin(users, eq(users.id, invoiceResolutions.resolvedBy))
      .where(and(eq(invoiceResolutions.invoiceId, invoiceId), isNull(invoiceResolutions.reopenedAt))),
    loadRefundLedger(db, invoiceId),
    resolutionHistory(db, invoiceId),
  ]);
  // Accepting as paid while a refund may still give the money back is refused (resolve-exception.ts).
  const refunding = ledger?.refunds.some(holdsShare) ?? false;
  const options = resolutionOptions(invoice, Boolean(resolution)).filter(
    (option) => !(refunding && option === "accept_as_paid"),
  );
  const received = ledger?.received ?? "0";
  const kind = invoice.creationState === "created" ? exceptionKind(invoice) : null;
  const stake = kind
    ? exceptionStake({
        status: invoice.status,
        amount: invoice.amount,
        fiatCurrency: invoice.fiatCurrency,
        cryptoAmount: invoice.cryptoAmount,
        remainingCryptoAmount: invoice.remainingCryptoAmount,
        currency: invoice.currency,
        received,
        refunded: ledger?.refundedSoFar ?? "0",
        exceptionSeenAt: invoice.exceptionSeenAt,
      })
    : null;
  return {
    invoiceStatus: invoice.status,
    kind,
    stake,
    resolution: resolution ? { ...resolution, at: resolution.at.toISOString() } : null,
    refunded: whatWasRefunded(ledger?.refundedSoFar ?? "0", received, stake),
    options,
    history,
  };
}

function whatWasRefunded(
  refundedSoFar: string,
  received: string,
  stake: ExceptionStake | null,
): InvoiceException["refunded"] {
  const paidBack = new Decimal(refundedSoFar);
  if (paidBack.lte(0)) return null;
  const what = paidBack.gte(received)
    ? "whole"
    : stake?.kind === "overpaid" && paidBack.gte(stake.crypto)
      ? "excess"
      : "part";
  return { amount: paidBack.toFixed(), what };
}
