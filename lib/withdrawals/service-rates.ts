import "server-only";
import Decimal from "decimal.js";
import { and, desc, eq, gt, inArray, isNotNull, max } from "drizzle-orm";
import { invoices, invoiceTransactions, type Withdrawal } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";
import type { ServiceRate } from "./fiat-value";

/**
 * How long the latest invoice's quote stands for "the service's rate" of a coin. Older quotes are
 * not offered: a rate from last week would read as today's.
 */
export const QUOTE_FRESH_MS = 24 * 60 * 60 * 1000;

const positive = (value: string | null): value is string => value !== null && new Decimal(value).gt(0);

/** What a rate is looked up for: a payout, or the terms of one not yet recorded (id ""). */
export type RatedPayout = Pick<Withdrawal, "id" | "amount" | "currency" | "refundOfInvoiceId">;

/**
 * The service's rate in `fiatCurrency` for each payout in crypto, where Paydesk knows one: a
 * refund's invoice's payments (what the customer's coins were worth in the invoice's fiat, as the
 * service reported them; else the invoice's own quote) when that invoice was in `fiatCurrency`,
 * otherwise the quote of the latest invoice in the same coin and `fiatCurrency` within
 * QUOTE_FRESH_MS. A payout asked in fiat needs none; none is ever converted between fiat currencies.
 */
export async function serviceRatesFor(
  db: DbOrTx,
  payouts: readonly RatedPayout[],
  fiatCurrency: string,
  now: Date = new Date(),
): Promise<Map<string, ServiceRate>> {
  const inCrypto = payouts.filter((payout) => payout.amount !== null);
  const refunded = await refundedInvoiceRates(db, [
    ...new Set(inCrypto.flatMap((payout) => payout.refundOfInvoiceId ?? [])),
  ]);
  const own = (payout: RatedPayout) => {
    const rate = payout.refundOfInvoiceId ? refunded.get(payout.refundOfInvoiceId) : undefined;
    return rate?.fiatCurrency === fiatCurrency ? rate : undefined;
  };
  const quoted = [...new Set(inCrypto.filter((payout) => !own(payout)).map((payout) => payout.currency))];
  const quotes = await latestQuotes(db, quoted, fiatCurrency, now);
  const rates = new Map<string, ServiceRate>();
  for (const payout of inCrypto) {
    const rate = own(payout) ?? quotes.get(payout.currency);
    if (rate) rates.set(payout.id, rate);
  }
  return rates;
}

async function refundedInvoiceRates(db: DbOrTx, invoiceIds: string[]): Promise<Map<string, ServiceRate>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db
    .select({
      invoice: {
        id: invoices.id,
        orderId: invoices.orderId,
        currency: invoices.currency,
        fiatCurrency: invoices.fiatCurrency,
        amount: invoices.amount,
        cryptoAmount: invoices.cryptoAmount,
        paidFiatAmount: invoices.paidFiatAmount,
        paidCryptoAmount: invoices.paidCryptoAmount,
        serviceCreatedAt: invoices.serviceCreatedAt,
        createdAt: invoices.createdAt,
        updatedAt: invoices.updatedAt,
      },
      lastPaymentAt: max(invoiceTransactions.firstSeenAt),
    })
    .from(invoices)
    .leftJoin(invoiceTransactions, eq(invoiceTransactions.invoiceId, invoices.id))
    .where(inArray(invoices.id, invoiceIds))
    .groupBy(invoices.id);
  const rates = new Map<string, ServiceRate>();
  for (const { invoice, lastPaymentAt } of rows) {
    if (!invoice.currency) continue;
    const source = {
      coin: invoice.currency,
      fiatCurrency: invoice.fiatCurrency,
      invoiceId: invoice.id,
      orderId: invoice.orderId,
    };
    if (positive(invoice.paidFiatAmount) && positive(invoice.paidCryptoAmount)) {
      rates.set(invoice.id, {
        ...source,
        fiatAmount: invoice.paidFiatAmount,
        cryptoAmount: invoice.paidCryptoAmount,
        at: (lastPaymentAt ? new Date(lastPaymentAt) : invoice.updatedAt).toISOString(),
        basis: "payment",
      });
    } else if (positive(invoice.cryptoAmount)) {
      rates.set(invoice.id, {
        ...source,
        fiatAmount: invoice.amount,
        cryptoAmount: invoice.cryptoAmount,
        at: (invoice.serviceCreatedAt ?? invoice.createdAt).toISOString(),
        basis: "quote",
      });
    }
  }
  return rates;
}

async function latestQuotes(
  db: DbOrTx,
  coins: string[],
  fiatCurrency: string,
  now: Date,
): Promise<Map<string, ServiceRate>> {
  const since = new Date(now.getTime() - QUOTE_FRESH_MS);
  const quotes = await Promise.all(
    coins.map(async (coin) => {
      const [invoice] = await db
        .select({
          id: invoices.id,
          orderId: invoices.orderId,
          fiatCurrency: invoices.fiatCurrency,
          amount: invoices.amount,
          cryptoAmount: invoices.cryptoAmount,
          serviceCreatedAt: invoices.serviceCreatedAt,
          createdAt: invoices.createdAt,
        })
        .from(invoices)
        .where(
          and(
            eq(invoices.currency, coin),
            eq(invoices.fiatCurrency, fiatCurrency),
            eq(invoices.creationState, "created"),
            isNotNull(invoices.cryptoAmount),
            gt(invoices.cryptoAmount, "0"),
            gt(invoices.createdAt, since),
          ),
        )
        .orderBy(desc(invoices.createdAt), desc(invoices.id))
        .limit(1);
      if (!invoice?.cryptoAmount) return null;
      const rate: ServiceRate = {
        coin,
        fiatCurrency: invoice.fiatCurrency,
        fiatAmount: invoice.amount,
        cryptoAmount: invoice.cryptoAmount,
        invoiceId: invoice.id,
        orderId: invoice.orderId,
        at: (invoice.serviceCreatedAt ?? invoice.createdAt).toISOString(),
        basis: "quote",
      };
      return rate;
    }),
  );
  return new Map(quotes.flatMap((quote) => (quote ? [[quote.coin, quote]] : [])));
}
