/**
 * Everything that changes an invoice after creation: choosing the payment method, receiving a
 * payment, expiring. Each runs in one transaction holding the invoice row lock, and queues its
 * webhook in that same transaction (see webhooks/enqueue.ts).
 */
import { randomBytes, randomUUID } from "node:crypto";
import Decimal from "decimal.js";
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import {
  faults as faultsTable,
  invoices,
  merchants,
  transactions,
  type InvoiceRow,
  type TransactionRow,
} from "../db/schema";
import { faultConfigOf, type FaultConfig } from "../faults";
import { authenticateWithFaults, bearer } from "../merchants";
import type { SandboxContext, SandboxDb } from "../context";
import { coinDecimals, findMethod, isFiat, type Coin, type Network } from "../catalog";
import { walletFor } from "../addresses";
import { creditBalance } from "../balances";
import { enqueueWebhook } from "../webhooks/enqueue";
import { notFound, unauthenticated, unprocessable } from "../errors";
import { methodColumns } from "./create";
import { invoiceWebhookPayload } from "./present";
import { deriveStatus, isFinalStatus, OPEN_STATUSES } from "./status";

/** Invoice ids are UUIDs; anything else names no invoice (and must not reach the uuid column). */
const isInvoiceId = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

async function lockInvoice(tx: SandboxDb, id: string, merchantId?: string): Promise<InvoiceRow> {
  if (!isInvoiceId(id)) throw notFound("Invoice not found.");
  const where = merchantId
    ? and(eq(invoices.id, id), eq(invoices.merchantId, merchantId))
    : eq(invoices.id, id);
  const [row] = await tx.select().from(invoices).where(where).limit(1).for("update");
  if (!row) throw notFound("Invoice not found.");
  return row;
}

export async function listTransactions(db: SandboxDb, invoiceId: string): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(eq(transactions.invoiceId, invoiceId))
    .orderBy(asc(transactions.createdAt), asc(transactions.txid));
}

async function notify(tx: SandboxDb, inv: InvoiceRow, lastTx: TransactionRow | null, at: Date) {
  const [merchant] = await tx.select().from(merchants).where(eq(merchants.id, inv.merchantId)).limit(1);
  if (!merchant) return false;
  return enqueueWebhook(tx, {
    merchant,
    url: inv.webhookUrl ?? merchant.webhookUrl,
    resourceType: "invoice",
    resourceId: inv.id,
    orderId: inv.orderId,
    payload: invoiceWebhookPayload(inv, lastTx),
    at,
  });
}

async function run<T>(
  ctx: SandboxContext,
  work: (tx: SandboxDb) => Promise<{ result: T; queued: boolean }>,
): Promise<T> {
  const { result, queued } = await ctx.db.transaction(work);
  if (queued) ctx.notifyWebhooks();
  return result;
}

const isExpired = (inv: InvoiceRow, now: Date) => inv.expiresAt.getTime() <= now.getTime();

/** Applies expiry to an open invoice whose time is up; returns the current row either way. */
async function expireLocked(tx: SandboxDb, inv: InvoiceRow, now: Date, force: boolean) {
  if (!OPEN_STATUSES.includes(inv.status as never) || (!force && !isExpired(inv, now)))
    return { inv, queued: false };
  const txs = await listTransactions(tx, inv.id);
  const status = deriveStatus({
    cryptoAmount: new Decimal(inv.cryptoAmount ?? 0),
    accuracyPercent: new Decimal(inv.accuracyPaymentPercent),
    isPaymentMultiple: inv.isPaymentMultiple,
    received: new Decimal(inv.paidCryptoAmount),
    hasPayments: txs.length > 0,
    expired: true,
  });
  const [updated] = await tx
    .update(invoices)
    .set({ status, updatedAt: now, ...(force && !isExpired(inv, now) ? { expiresAt: now } : {}) })
    .where(eq(invoices.id, inv.id))
    .returning();
  const row = updated ?? inv;
  const queued = await notify(tx, row, txs.at(-1) ?? null, now);
  return { inv: row, queued };
}

/** Reads an invoice (scoped to a merchant when given), applying a due expiry first. */
export async function readInvoice(ctx: SandboxContext, id: string, merchantId?: string): Promise<InvoiceRow> {
  if (!isInvoiceId(id)) throw notFound("Invoice not found.");
  const where = merchantId
    ? and(eq(invoices.id, id), eq(invoices.merchantId, merchantId))
    : eq(invoices.id, id);
  const [row] = await ctx.db.select().from(invoices).where(where).limit(1);
  if (!row) throw notFound("Invoice not found.");
  if (!OPEN_STATUSES.includes(row.status as never) || !isExpired(row, ctx.now())) return row;
  return expireDue(ctx, row.id);
}

/**
 * GET /v1/invoices/{id} in one query: the merchant whose invoice key the request bears (401
 * otherwise), its injected faults, and `read`, which answers the invoice (404 if it is not this
 * merchant's; expired first if its time is up, as readInvoice does) with its transactions, oldest
 * first. The invoice's columns repeat beside each transaction.
 */
export async function readOwnInvoice(
  ctx: SandboxContext,
  request: Request,
  id: string,
): Promise<{
  faults: FaultConfig;
  read: () => Promise<{ invoice: InvoiceRow; transactions: TransactionRow[] }>;
}> {
  if (!isInvoiceId(id)) {
    const { faults } = await authenticateWithFaults(ctx, request, "invoice");
    return { faults, read: () => Promise.reject(notFound("Invoice not found.")) };
  }
  const key = bearer(request);
  if (!key) throw unauthenticated();
  const rows = await ctx.db
    .select({ faults: faultsTable.config, invoice: invoices, transaction: transactions })
    .from(merchants)
    .leftJoin(faultsTable, eq(faultsTable.merchantId, merchants.id))
    .leftJoin(invoices, and(eq(invoices.id, id), eq(invoices.merchantId, merchants.id)))
    .leftJoin(transactions, eq(transactions.invoiceId, invoices.id))
    .where(eq(merchants.invoiceKey, key))
    .orderBy(asc(transactions.createdAt), asc(transactions.txid));
  const [first] = rows;
  if (!first) throw unauthenticated();
  const read = async () => {
    const invoice = first.invoice;
    if (!invoice) throw notFound("Invoice not found.");
    if (OPEN_STATUSES.includes(invoice.status as never) && isExpired(invoice, ctx.now())) {
      return { invoice: await expireDue(ctx, id), transactions: await listTransactions(ctx.db, id) };
    }
    return { invoice, transactions: rows.flatMap((row) => row.transaction ?? []) };
  };
  return { faults: faultConfigOf(first.faults), read };
}

export async function expireDue(ctx: SandboxContext, id: string): Promise<InvoiceRow> {
  return run(ctx, async (tx) => {
    const r = await expireLocked(tx, await lockInvoice(tx, id), ctx.now(), false);
    return { result: r.inv, queued: r.queued };
  });
}

/** Control API: expire now. Refused for an invoice that is already final. */
export async function expireNow(ctx: SandboxContext, id: string, merchantId: string): Promise<InvoiceRow> {
  return run(ctx, async (tx) => {
    const inv = await lockInvoice(tx, id, merchantId);
    if (isFinalStatus(inv.status)) throw unprocessable(`The invoice is already final (${inv.status}).`);
    const r = await expireLocked(tx, inv, ctx.now(), true);
    return { result: r.inv, queued: r.queued };
  });
}

/** The periodic sweep: expires open invoices whose time is up (and emits their webhooks). */
export async function sweepExpiredInvoices(ctx: SandboxContext): Promise<number> {
  const due = await ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(inArray(invoices.status, OPEN_STATUSES), lte(invoices.expiresAt, ctx.now())))
    .orderBy(invoices.expiresAt)
    .limit(100);
  for (const { id } of due) await expireDue(ctx, id);
  return due.length;
}

/** Pay page: the payer fixes currency and network. Allowed once, while the invoice is open. */
export async function chooseMethod(
  ctx: SandboxContext,
  id: string,
  method: { currency: Coin; network: Network },
) {
  return run(ctx, async (tx) => {
    let inv = await lockInvoice(tx, id);
    const expired = await expireLocked(tx, inv, ctx.now(), false);
    if (expired.inv.status !== inv.status) return { result: expired.inv, queued: expired.queued };
    if (isFinalStatus(inv.status)) throw unprocessable("The invoice is no longer open.");
    if (inv.currency) throw unprocessable("The payment method is already chosen.");
    if (!isFiat(inv.fiatCurrency)) throw new Error(`unsupported fiat ${inv.fiatCurrency}`);
    const [updated] = await tx
      .update(invoices)
      .set({
        ...methodColumns({ id: inv.id, amount: inv.amount, fiatCurrency: inv.fiatCurrency }, method),
        updatedAt: ctx.now(),
      })
      .where(eq(invoices.id, inv.id))
      .returning();
    inv = updated ?? inv;
    return { result: inv, queued: false };
  });
}

export interface PaymentInput {
  amount: Decimal;
  currency?: Coin;
  network?: Network;
  sourceWallet?: string;
}

/**
 * A payment arriving on chain. Refused (422) when the invoice is final or expired, when a second
 * payment hits a single-payment invoice, or when the method does not match the fixed one.
 */
type PaymentOutcome = { error: string } | { transaction: TransactionRow; invoice: InvoiceRow };

export async function receivePayment(
  ctx: SandboxContext,
  id: string,
  merchantId: string | null,
  input: PaymentInput,
) {
  const result = await run<PaymentOutcome>(ctx, async (tx) => {
    const now = ctx.now();
    let inv = await lockInvoice(tx, id, merchantId ?? undefined);
    const expired = await expireLocked(tx, inv, now, false);
    if (expired.inv.status !== inv.status)
      return { result: { error: "The invoice has expired." }, queued: expired.queued };
    if (isFinalStatus(inv.status))
      throw unprocessable(`The invoice is final (${inv.status}) and accepts no more payments.`);
    if (inv.currency) {
      if (
        (input.currency && input.currency !== inv.currency) ||
        (input.network && input.network !== inv.network)
      )
        throw unprocessable(`The invoice expects ${inv.currency} on ${inv.network}.`);
    } else {
      if (!input.currency || !input.network)
        throw unprocessable(
          "The currency and network fields are required while the invoice has no payment method.",
          {
            ...(input.currency ? {} : { currency: ["The currency field is required."] }),
            ...(input.network ? {} : { network: ["The network field is required."] }),
          },
        );
      if (!findMethod(input.currency, input.network))
        throw unprocessable(`The network ${input.network} is not supported for ${input.currency}.`);
      if (!isFiat(inv.fiatCurrency)) throw new Error(`unsupported fiat ${inv.fiatCurrency}`);
      const [fixed] = await tx
        .update(invoices)
        .set(
          methodColumns(
            { id: inv.id, amount: inv.amount, fiatCurrency: inv.fiatCurrency },
            { currency: input.currency, network: input.network },
          ),
        )
        .where(eq(invoices.id, inv.id))
        .returning();
      inv = fixed ?? inv;
    }
    const currency = inv.currency as Coin;
    const network = inv.network as Network;
    if (input.amount.decimalPlaces() > coinDecimals(currency))
      throw unprocessable(`The amount must not have more than ${coinDecimals(currency)} decimal places.`, {
        amount: [`The amount must not have more than ${coinDecimals(currency)} decimal places.`],
      });
    const previous = await listTransactions(tx, inv.id);
    if (!inv.isPaymentMultiple && previous.length > 0)
      throw unprocessable("The invoice does not allow multiple payments.");
    const [txRow] = await tx
      .insert(transactions)
      .values({
        id: randomUUID(),
        invoiceId: inv.id,
        txid: randomBytes(32).toString("hex"),
        sourceWallet: input.sourceWallet ?? walletFor(`payer:${randomUUID()}`, network),
        amount: input.amount.toFixed(),
        currency,
        network,
        createdAt: now,
      })
      .returning();
    if (!txRow) throw new Error("transaction insert returned nothing");
    const received = new Decimal(inv.paidCryptoAmount).plus(input.amount);
    const status = deriveStatus({
      cryptoAmount: new Decimal(inv.cryptoAmount ?? 0),
      accuracyPercent: new Decimal(inv.accuracyPaymentPercent),
      isPaymentMultiple: inv.isPaymentMultiple,
      received,
      hasPayments: true,
      expired: false,
    });
    const [updated] = await tx
      .update(invoices)
      .set({ paidCryptoAmount: received.toFixed(), status, updatedAt: now })
      .where(eq(invoices.id, inv.id))
      .returning();
    await creditBalance(tx, inv.merchantId, currency, input.amount, now);
    const queued = await notify(tx, updated ?? inv, txRow, now);
    return { result: { transaction: txRow, invoice: updated ?? inv }, queued };
  });
  if ("error" in result) throw unprocessable(result.error);
  return result;
}
