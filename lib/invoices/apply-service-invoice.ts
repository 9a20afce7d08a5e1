import "server-only";
import { eq, sql } from "drizzle-orm";
import { invoiceEvents, invoices, invoiceTransactions, type Invoice } from "@/lib/db/schema";
import type { DbOrTx, Tx } from "@/lib/db/types";
import { exceptionKind } from "@/lib/exceptions/exception-status";
import { reopenOnNewMoney } from "@/lib/exceptions/reopen-on-new-money";
import { evidenceOf } from "@/lib/ledger/evidence";
import { syncInvoiceReceipts } from "@/lib/ledger/sync-receipts";
import { notifyInvoiceStatus } from "@/lib/notifications/invoice-events";
import type { ServiceInvoice } from "@/lib/service";
import { isOlderNews } from "./evidence";
import { nextRefreshAt } from "./refresh-schedule";
import { asInvoiceStatus, normaliseInvoiceStatus } from "./status";

export type SyncSource = "user" | "webhook" | "loop" | "view";

export interface ApplyResult {
  invoice: Invoice;
  /** The service had confirmed it before this answer (another sender's answer came first). */
  wasConfirmed: boolean;
  statusChanged: boolean;
  newTransactions: number;
  /** The answer knew less than the row (lib/invoices/evidence.ts): only its new payments, if any, were recorded. */
  olderNews: boolean;
}

/**
 * Writes what the service says about an invoice into the local row, in one transaction: the
 * fields, new transactions (once each, by hash), and timeline events for a status change and
 * each payment. Safe to call any number of times with the same answer, in any order of arrival:
 * under the row's lock, an answer older in evidence than the row changes nothing.
 */
export async function applyServiceInvoice(
  db: DbOrTx,
  invoiceId: string,
  remote: ServiceInvoice,
  source: SyncSource,
  actorId?: string,
  now = new Date(),
): Promise<ApplyResult> {
  return db.transaction((tx) => applyServiceInvoiceIn(tx, invoiceId, remote, source, actorId, now));
}

/** The same inside a transaction the caller holds, for writes that must commit with it. */
export async function applyServiceInvoiceIn(
  tx: Tx,
  invoiceId: string,
  remote: ServiceInvoice,
  source: SyncSource,
  actorId?: string,
  now = new Date(),
): Promise<ApplyResult> {
  // The row locked and its payments counted in one statement (a refresh is a handful of them).
  const [locked] = await tx
    .select({
      local: invoices,
      // Qualified by hand: in a one-table select Drizzle leaves column names bare, and a bare "id"
      // in the subquery would be the transaction's own.
      transactions:
        sql<number>`(select count(*) from ${invoiceTransactions} as paid where paid.invoice_id = ${invoices}.id)`.mapWith(
          Number,
        ),
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .for("update", { of: invoices });
  if (!locked) throw new Error(`invoice ${invoiceId} does not exist`);
  const { local } = locked;

  const { status, isFinal } = normaliseInvoiceStatus(remote.status ?? local.serviceStatus);
  const wasConfirmed = local.creationState === "created";
  const olderNews = isOlderNews(
    {
      status: asInvoiceStatus(local.status),
      isFinal: local.isFinal,
      paidCryptoAmount: local.paidCryptoAmount,
      paidFiatAmount: local.paidFiatAmount,
      // Payments are recorded only from answers to a confirmed invoice: an unconfirmed one has none.
      transactions: wasConfirmed ? locked.transactions : 0,
    },
    {
      status,
      isFinal,
      paidCryptoAmount: remote.paidCryptoAmount,
      paidFiatAmount: remote.paidFiatAmount,
      transactions: new Set(recordable(remote).map((transaction) => transaction.transactionId)).size,
    },
  );
  if (olderNews) {
    // Reads race (webhooks, the loop, a watcher, other instances): the row stays as the newer
    // answer left it, but a payment this answer lists is a fact whenever it is learnt.
    const newTransactions = await recordTransactions(tx, invoiceId, remote, source);
    if (newTransactions > 0) await syncInvoiceReceipts(tx, invoiceId, evidenceOf(source, actorId));
    return { invoice: local, wasConfirmed, statusChanged: false, newTransactions, olderNews };
  }
  const expiresAt = remote.expiresAt ?? local.expiresAt;
  const [updated] = await tx
    .update(invoices)
    .set({
      creationState: "created",
      creationError: null,
      // Confirmed: nothing is left for the loop that resends creations.
      nextSendAt: null,
      serviceId: remote.id,
      serviceStatus: remote.status ?? local.serviceStatus,
      status,
      isFinal,
      // What the customer is asked to pay is the service's invoice, whatever was asked of it
      // (the request keeps that); the page flags any difference.
      amount: remote.amount ?? local.amount,
      fiatCurrency: remote.fiatCurrency?.toUpperCase() ?? local.fiatCurrency,
      cryptoAmount: remote.cryptoAmount ?? local.cryptoAmount,
      remainingCryptoAmount: remote.remainingCryptoAmount ?? local.remainingCryptoAmount,
      paidFiatAmount: remote.paidFiatAmount ?? local.paidFiatAmount,
      paidCryptoAmount: remote.paidCryptoAmount ?? local.paidCryptoAmount,
      currency: remote.currency ?? local.currency,
      network: remote.network ?? local.network,
      wallet: remote.wallet ?? local.wallet,
      // A pay_url is fixed at creation; the embedded sandbox builds it from the caller's origin, so a
      // background refresh (no browser behind it) must not replace the link staff already shared.
      payUrl: local.payUrl ?? remote.payUrl,
      isPaymentMultiple: remote.isPaymentMultiple ?? local.isPaymentMultiple,
      expiresAt,
      serviceCreatedAt: remote.createdAt ?? local.serviceCreatedAt,
      lastSyncedAt: now,
      nextRefreshAt: nextRefreshAt({
        status,
        isFinal,
        expiresAt,
        createdAt: remote.createdAt ?? local.serviceCreatedAt ?? local.createdAt,
        now,
      }),
      refreshFailures: 0,
      exceptionSeenAt:
        local.exceptionSeenAt ??
        (exceptionKind({ status, paidCryptoAmount: remote.paidCryptoAmount ?? local.paidCryptoAmount })
          ? now
          : null),
      updatedAt: now,
    })
    .where(eq(invoices.id, invoiceId))
    .returning();
  if (!updated) throw new Error(`invoice ${invoiceId} vanished during update`);

  const statusChanged = local.creationState === "created" && local.serviceStatus !== updated.serviceStatus;
  if (statusChanged) {
    await tx.insert(invoiceEvents).values({
      invoiceId,
      kind: "status_changed",
      fromStatus: local.serviceStatus,
      toStatus: updated.serviceStatus,
      source,
      actorId,
    });
    await notifyInvoiceStatus(tx, updated, updated.status);
  }
  const newTransactions = await recordTransactions(tx, invoiceId, remote, source);
  await syncInvoiceReceipts(tx, invoiceId, evidenceOf(source, actorId));
  await reopenOnNewMoney(tx, invoiceId, local, updated, source);
  return { invoice: updated, wasConfirmed, statusChanged, newTransactions, olderNews };
}

/** The payments an answer lists that can be recorded (a hash and an amount). */
function recordable(remote: ServiceInvoice) {
  return remote.transactions.filter((transaction) => transaction.transactionId && transaction.amount);
}

async function recordTransactions(tx: Tx, invoiceId: string, remote: ServiceInvoice, source: SyncSource) {
  const rows = recordable(remote).map((transaction) => ({
    invoiceId,
    txid: transaction.transactionId as string,
    sourceWallet: transaction.sourceWallet,
    amount: transaction.amount as string,
  }));
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(invoiceTransactions)
    .values(rows)
    .onConflictDoNothing({ target: [invoiceTransactions.invoiceId, invoiceTransactions.txid] })
    .returning();
  if (inserted.length > 0) {
    await tx.insert(invoiceEvents).values(
      inserted.map((transaction) => ({
        invoiceId,
        kind: "payment_received" as const,
        detail: {
          txid: transaction.txid,
          amount: transaction.amount,
          sourceWallet: transaction.sourceWallet,
        },
        source,
      })),
    );
  }
  return inserted.length;
}
