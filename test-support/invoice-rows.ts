import { inArray, sql } from "drizzle-orm";
import { invoices, ledgerEntries, type NewInvoice } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";

/** Test rows for the list and export: only what they read, the rest defaulted. */
export interface ListTestInvoice extends Partial<Omit<NewInvoice, "createdAt">> {
  orderId: string;
  /** Full-precision timestamptz literal, e.g. "2025-03-01T10:00:00.000001Z". */
  createdAt: string;
}

/**
 * Inserts the rows as they are, and books what each received in the ledger (one entry of its
 * paid amount, as the migration that built the books does) unless `book` is false: the caller
 * then books it itself.
 */
export async function insertListInvoices(
  db: Db,
  rows: ListTestInvoice[],
  { book = true }: { book?: boolean } = {},
): Promise<void> {
  if (rows.length === 0) return;
  const inserted = await db
    .insert(invoices)
    .values(
      rows.map(({ createdAt, ...row }) => ({
        creationState: "created" as const,
        request: {},
        amount: "10.00",
        fiatCurrency: "USD",
        ...row,
        createdAt: sql`${createdAt}::timestamptz`,
      })),
    )
    .returning({ id: invoices.id });
  if (!book) return;
  const ids = inserted.map((row) => row.id);
  await db.insert(ledgerEntries).select(
    db
      .select({
        id: sql`nextval(pg_get_serial_sequence('ledger_entries', 'id'))`.as("id"),
        movementId: sql`gen_random_uuid()`.as("movement_id"),
        kind: sql`'received_adjusted'`.as("kind"),
        currency: sql`${invoices.currency}`.as("currency"),
        network: sql`coalesce(${invoices.network}, '')`.as("network"),
        amount: sql`${invoices.paidCryptoAmount}`.as("amount"),
        fromAccount: sql`'world'`.as("from_account"),
        toAccount: sql`'invoice:' || ${invoices.id}`.as("to_account"),
        invoiceId: sql`${invoices.id}`.as("invoice_id"),
        withdrawalId: sql`null::uuid`.as("withdrawal_id"),
        txid: sql`null`.as("txid"),
        evidence: sql`'repair'`.as("evidence"),
        actorId: sql`null::uuid`.as("actor_id"),
        movedAt: sql`${invoices.createdAt}`.as("moved_at"),
        recordedAt: sql`now()`.as("recorded_at"),
      })
      .from(invoices)
      .where(
        sql`${inArray(invoices.id, ids)} and ${invoices.currency} is not null and ${invoices.paidCryptoAmount} > 0`,
      ),
  );
}

/**
 * An invoice the service quoted `hoursAgo`: `fiat` in `fiatCurrency` was `crypto` of `coin`, as
 * the service's rates are read off the merchant's invoices (lib/withdrawals/service-rates.ts).
 */
export async function insertQuotedInvoice(
  db: Db,
  quote: {
    coin: string;
    fiat: string;
    fiatCurrency: string;
    crypto: string;
    hoursAgo: number;
    network?: string;
  },
): Promise<string> {
  const orderId = `inv_quote_${quote.coin}_${quote.hoursAgo}_${Math.random().toString(36).slice(2, 8)}`;
  await insertListInvoices(db, [
    {
      orderId,
      status: "open",
      currency: quote.coin,
      network: quote.network ?? "TRON",
      amount: quote.fiat,
      fiatCurrency: quote.fiatCurrency,
      cryptoAmount: quote.crypto,
      createdAt: new Date(Date.now() - quote.hoursAgo * 3_600_000).toISOString(),
    },
  ]);
  return orderId;
}
