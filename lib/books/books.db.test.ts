import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoices, invoiceTransactions, ledgerEntries } from "@/lib/db/schema";
import { balancesOf } from "@/lib/ledger/balances";
import { syncInvoiceReceipts } from "@/lib/ledger/sync-receipts";
import { Money } from "@/lib/ledger/money";
import { newOrderId } from "@/lib/order-id";
import { requestRefund } from "@/lib/refunds/request-refund";
import { requestWithdrawal } from "@/lib/withdrawals/request-withdrawal";
import { insertListInvoices } from "@/test-support/invoice-rows";
import { moveTo, openMoneyTestDb, refundForm } from "@/test-support/money-rows";
import { openedWithdrawalForm } from "@/test-support/withdrawal-rows";
import { coinBalances } from "./coin-balances";
import { readerDays, receivedByDay } from "./received-by-day";
import { receiptSeries } from "./receipt-series";

const money = openMoneyTestDb();

/**
 * An invoice for 10 of `currency` on `network` that received `payments`, each first seen at its
 * time, booked as the service's answer would book them. Each test keeps to a coin of its own, so
 * it reads only its own money.
 */
async function invoicePaid(
  coin: { currency: string; network: string },
  status: string,
  payments: { amount: string; at: string }[],
) {
  const orderId = newOrderId("inv");
  const paid = payments.reduce((sum, payment) => sum.plus(payment.amount), new Money(0));
  await insertListInvoices(
    money.db,
    [
      {
        orderId,
        status,
        serviceId: `svc_${orderId}`,
        ...coin,
        cryptoAmount: "10",
        paidCryptoAmount: paid.toFixed(),
        createdAt: payments[0]?.at ?? new Date().toISOString(),
      },
    ],
    { book: false },
  );
  const [invoice] = await money.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!invoice) throw new Error("invoicePaid: nothing inserted");
  await money.db.insert(invoiceTransactions).values(
    payments.map((payment, index) => ({
      invoiceId: invoice.id,
      txid: `tx_${orderId}_${index}`,
      amount: payment.amount,
      firstSeenAt: new Date(payment.at),
    })),
  );
  await syncInvoiceReceipts(money.db, invoice.id, { kind: "refresh" });
  return invoice;
}

/** The reader's days from `first` to `last` in `zone`, and what the books say of `currency` on them. */
async function receiptsOf(currency: string, zone: string, last: string, count: number) {
  const { days, end } = readerDays(last, count, zone);
  const rows = await receivedByDay(money.db, days, end);
  return rows.filter((row) => row.currency === currency);
}

describe("what the home page says was received, per day", () => {
  it("counts a payment on the reader's own day: 00:17 in Berlin is the 28th there, the 27th in UTC (issue 37)", async () => {
    const coin = { currency: "BTC", network: "BTC" };
    // 23:17 UTC on 27 January is 00:17 CET on the 28th.
    await invoicePaid(coin, "paid", [{ amount: "0.25", at: "2026-01-27T23:17:00Z" }]);
    // 00:17 in Berlin the day before, to show the window's first day is Berlin's too.
    await invoicePaid(coin, "paid", [{ amount: "0.5", at: "2026-01-26T23:17:00Z" }]);

    expect(await receiptsOf("BTC", "Europe/Berlin", "2026-01-28", 1)).toEqual([
      { day: "2026-01-28", currency: "BTC", network: "BTC", received: "0.25", refunded: "0" },
    ]);
    expect(await receiptsOf("BTC", "UTC", "2026-01-28", 2)).toEqual([
      { day: "2026-01-27", currency: "BTC", network: "BTC", received: "0.25", refunded: "0" },
    ]);
    expect(await receiptsOf("BTC", "Europe/Berlin", "2026-01-28", 3)).toEqual([
      { day: "2026-01-27", currency: "BTC", network: "BTC", received: "0.5", refunded: "0" },
      { day: "2026-01-28", currency: "BTC", network: "BTC", received: "0.25", refunded: "0" },
    ]);
  });

  it("takes what a refund sent back off the net, on the day it was paid out, once it has left", async () => {
    const coin = { currency: "USDT", network: "TRON" };
    const invoice = await invoicePaid(coin, "overpaid", [{ amount: "12", at: "2026-02-10T09:00:00Z" }]);
    const refund = await requestRefund(money.db, refundForm(invoice.id, "2"), money.people.support);
    const held = receiptSeries(await receiptsOf("USDT", "UTC", "2026-02-12", 3), [
      "2026-02-10",
      "2026-02-11",
      "2026-02-12",
    ]);
    // Requested, not sent: the customer has not got it back yet.
    expect(held[0]?.totals).toEqual({ received: "12", refunded: "0", net: "12" });

    await moveTo(money.db, refund.id, "paid", {
      serviceId: `svc_${refund.orderId}`,
      serviceStatus: "paid",
      serviceUpdatedAt: new Date("2026-02-12T15:00:00Z"),
    });
    const [series] = receiptSeries(await receiptsOf("USDT", "UTC", "2026-02-12", 3), [
      "2026-02-10",
      "2026-02-11",
      "2026-02-12",
    ]);
    expect(series?.totals).toEqual({ received: "12", refunded: "2", net: "10" });
    expect(series?.points).toEqual([
      { day: "2026-02-10", received: "12", refunded: "0", net: "12" },
      { day: "2026-02-11", received: "0", refunded: "0", net: "0" },
      { day: "2026-02-12", received: "0", refunded: "2", net: "-2" },
    ]);
  });

  it("keeps each coin apart, and leaves out what moved outside the window", async () => {
    await invoicePaid({ currency: "USDC", network: "ETH" }, "paid", [
      { amount: "7", at: "2026-03-05T12:00:00Z" },
    ]);
    await invoicePaid({ currency: "USDC", network: "BSC" }, "paid", [
      { amount: "3", at: "2026-03-05T12:00:00Z" },
    ]);
    await invoicePaid({ currency: "USDC", network: "ETH" }, "paid", [
      { amount: "9", at: "2026-03-06T00:00:00Z" },
    ]);
    expect(await receiptsOf("USDC", "UTC", "2026-03-05", 1)).toEqual([
      { day: "2026-03-05", currency: "USDC", network: "BSC", received: "3", refunded: "0" },
      { day: "2026-03-05", currency: "USDC", network: "ETH", received: "7", refunded: "0" },
    ]);
  });
});

describe("the balances finance and admins see", () => {
  it("is received less refunded, paid out and fees; a payout not yet sent still counts", async () => {
    const coin = { currency: "USDT", network: "ETH" };
    const invoice = await invoicePaid(coin, "overpaid", [
      { amount: "100", at: "2026-04-01T10:00:00Z" },
      { amount: "5", at: "2026-04-01T11:00:00Z" },
    ]);
    const refund = await requestRefund(
      money.db,
      { ...refundForm(invoice.id, "5"), ...coin },
      money.people.support,
    );
    await moveTo(money.db, refund.id, "paid", { serviceId: `svc_${refund.orderId}`, serviceFee: "0.5" });
    const payout = await requestWithdrawal(
      money.db,
      openedWithdrawalForm({ ...coin, amount: "40", address: "0x52908400098527886E0F7030069857D2E4169EE7" }),
      money.people.support,
    );
    await moveTo(money.db, payout.id, "paid", { serviceId: `svc_${payout.orderId}`, serviceFee: "1" });
    // Requested only: it has not left.
    await requestWithdrawal(
      money.db,
      openedWithdrawalForm({ ...coin, amount: "20", address: "0x52908400098527886E0F7030069857D2E4169EE7" }),
      money.people.support,
    );

    const balances = await coinBalances(money.db);
    expect(balances.find((row) => row.currency === "USDT" && row.network === "ETH")).toEqual({
      currency: "USDT",
      network: "ETH",
      received: "105",
      refunded: "5",
      paidOut: "40",
      fees: "1.5",
      balance: "58.5",
    });
  });

  it("agrees with the books entry by entry: each coin's balance is what the world and the fees do not hold", async () => {
    const entries = await money.db.select().from(ledgerEntries);
    for (const row of await coinBalances(money.db)) {
      const ofCoin = entries.filter(
        (entry) => entry.currency === row.currency && entry.network === row.network,
      );
      const accounts = balancesOf(ofCoin);
      const outside = (accounts.get("world") ?? new Money(0)).plus(accounts.get("fees") ?? new Money(0));
      expect(`${row.currency} ${row.network} ${new Money(row.balance).toFixed()}`).toBe(
        `${row.currency} ${row.network} ${outside.negated().toFixed()}`,
      );
    }
  });
});
