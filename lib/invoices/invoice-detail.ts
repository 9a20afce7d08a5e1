import "server-only";
import Decimal from "decimal.js";
import { asc, eq } from "drizzle-orm";
import { invoiceEvents, invoices, invoiceTransactions, users } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import { MAX_SEND_ATTEMPTS } from "@/lib/service/resend-backoff";
import type { HeldBefore } from "./fresh-creation";
import { asInvoiceStatus } from "./status";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Everything the invoice page shows, as plain JSON (dates as ISO strings, amounts as decimal strings). */
export async function getInvoiceDetail(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ invoice: invoices, creator: users.email })
    .from(invoices)
    .leftJoin(users, eq(users.id, invoices.createdBy))
    .where(eq(invoices.id, id));
  if (!row) return null;
  const { invoice } = row;
  const asked = invoice.request as { amount?: unknown; fiatCurrency?: unknown } | null;
  const [transactions, events] = await Promise.all([
    db
      .select()
      .from(invoiceTransactions)
      .where(eq(invoiceTransactions.invoiceId, id))
      .orderBy(asc(invoiceTransactions.firstSeenAt)),
    db
      .select({ event: invoiceEvents, actor: users.email })
      .from(invoiceEvents)
      .leftJoin(users, eq(users.id, invoiceEvents.actorId))
      .where(eq(invoiceEvents.invoiceId, id))
      .orderBy(asc(invoiceEvents.createdAt)),
  ]);
  return {
    id: invoice.id,
    orderId: invoice.orderId,
    creationState: invoice.creationState,
    creationError: invoice.creationError,
    /** While the service has not confirmed it: the loop's next attempt (null: it stopped) and the count. */
    resending:
      invoice.creationState === "sending"
        ? { nextAt: iso(invoice.nextSendAt), attempts: invoice.sendAttempts, maxAttempts: MAX_SEND_ATTEMPTS }
        : null,
    serviceId: invoice.serviceId,
    serviceStatus: invoice.serviceStatus,
    status: asInvoiceStatus(invoice.status),
    isFinal: invoice.isFinal,
    amount: invoice.amount,
    fiatCurrency: invoice.fiatCurrency,
    /** What Paydesk asked the service for, when the service's invoice differs from it. */
    askedDiffers: askedDiffers(asked, invoice.amount, invoice.fiatCurrency)
      ? { amount: String(asked?.amount), fiatCurrency: String(asked?.fiatCurrency) }
      : null,
    /** The service already held this order id before Paydesk sent it (its creation event says so). */
    heldBefore: heldBeforeOf(events.map(({ event }) => event)),
    cryptoAmount: invoice.cryptoAmount,
    remainingCryptoAmount: invoice.remainingCryptoAmount,
    paidFiatAmount: invoice.paidFiatAmount,
    paidCryptoAmount: invoice.paidCryptoAmount,
    currency: invoice.currency,
    network: invoice.network,
    wallet: invoice.wallet,
    payUrl: invoice.payUrl,
    isPaymentMultiple: invoice.isPaymentMultiple,
    customerId: invoice.customerId,
    customerEmail: invoice.customerEmail,
    additionalData: invoice.additionalData,
    expiresAt: iso(invoice.expiresAt),
    createdAt: invoice.createdAt.toISOString(),
    createdBy: row.creator,
    lastSyncedAt: iso(invoice.lastSyncedAt),
    transactions: transactions.map((transaction) => ({
      txid: transaction.txid,
      sourceWallet: transaction.sourceWallet,
      amount: transaction.amount,
      firstSeenAt: transaction.firstSeenAt.toISOString(),
    })),
    events: events.map(({ event, actor }) => ({
      id: event.id,
      kind: event.kind,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      detail: event.detail,
      source: event.source,
      actor,
      at: event.createdAt.toISOString(),
    })),
  };
}

function heldBeforeOf(events: { kind: string; detail: unknown }[]): HeldBefore | null {
  const created = events.find((event) => event.kind === "created");
  const detail = created?.detail as { heldBefore?: HeldBefore | null } | null | undefined;
  return detail?.heldBefore ?? null;
}

function askedDiffers(
  asked: { amount?: unknown; fiatCurrency?: unknown } | null,
  amount: string,
  fiatCurrency: string,
): boolean {
  if (typeof asked?.amount !== "string" || typeof asked.fiatCurrency !== "string") return false;
  return !new Decimal(asked.amount).equals(amount) || asked.fiatCurrency.toUpperCase() !== fiatCurrency;
}

export type InvoiceDetail = NonNullable<Awaited<ReturnType<typeof getInvoiceDetail>>>;

/** The stored request of an invoice, for "Duplicate" and "Edit and send again". */
export async function getInvoiceRequest(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ request: invoices.request, orderId: invoices.orderId, creationState: invoices.creationState })
    .from(invoices)
    .where(eq(invoices.id, id));
  return row ?? null;
}
