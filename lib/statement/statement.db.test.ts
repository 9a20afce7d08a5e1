import Decimal from "decimal.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { invoices, invoiceTransactions, type Invoice, type Withdrawal } from "@/lib/db/schema";
import { applyServiceInvoice } from "@/lib/invoices/apply-service-invoice";
import { newOrderId } from "@/lib/order-id";
import { requestRefund } from "@/lib/refunds/request-refund";
import type { ServiceInvoice } from "@/lib/service";
import { applyServiceReport } from "@/lib/withdrawals/apply-service-report";
import { requestWithdrawal } from "@/lib/withdrawals/request-withdrawal";
import { sendAgain } from "@/lib/withdrawals/send-again";
import { transition } from "@/lib/withdrawals/transition";
import { insertListInvoices } from "@/test-support/invoice-rows";
import { moveTo, openMoneyTestDb, refundForm } from "@/test-support/money-rows";
import { csvRecords } from "@/test-support/parse-csv";
import { openedWithdrawalForm } from "@/test-support/withdrawal-rows";
import { linesCsvStream, summaryCsv } from "./csv";
import { statementFigures, type StatementRow } from "./figures";
import { statementLinesPage } from "./lines-page";
import { periodOfMonth, periodOfRange } from "./period";
import { rangeInZone } from "./range-in-zone";

/**
 * A scripted September and October 2026 of one shop, written through the code paths that move
 * money (payments through applyServiceInvoice, payouts and refunds through requestWithdrawal,
 * requestRefund, transition, applyServiceReport, Send again), with the clock set to each moment
 * (the paths stamp what they book with new Date(); a payment's time is its first sight). The
 * reader is in Berlin: October is 2026-09-30T22:00Z (CEST) up to 2026-10-31T23:00Z (CET).
 */
const money = openMoneyTestDb();
const BERLIN = "Europe/Berlin";
const october = rangeInZone(periodOfMonth("2026-10"), BERLIN);
const september = rangeInZone(periodOfMonth("2026-09"), BERLIN);
const november = rangeInZone(periodOfMonth("2026-11"), BERLIN);
const WALLET = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const ETH_ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";

let overpaid: Invoice;
let refund: Withdrawal;
let failedPayout: Withdrawal;
let resentPayout: Withdrawal;

/** Runs a step with the clock at `moment`. */
async function at<T>(moment: string, step: () => Promise<T>): Promise<T> {
  vi.setSystemTime(new Date(moment));
  return step();
}

/**
 * An invoice paid by `payments`, each first seen at its moment, learnt from the service's answer
 * at `learntAt` (its total `total`, the payments' sum unless given: a difference is a correction).
 */
async function invoicePaid(input: {
  payments: { amount: string; seenAt: string }[];
  learntAt: string;
  asked: string;
  status: "paid" | "paid_over";
  total?: string;
  currency?: string;
  network?: string;
}): Promise<Invoice> {
  const orderId = newOrderId("inv");
  const currency = input.currency ?? "USDT";
  const network = input.network ?? "TRON";
  await insertListInvoices(
    money.db,
    [
      {
        orderId,
        status: "open",
        serviceId: `svc_${orderId}`,
        serviceStatus: "pending",
        isFinal: false,
        currency,
        network,
        cryptoAmount: input.asked,
        customerId: "cust-statement",
        createdAt: input.payments[0]?.seenAt ?? input.learntAt,
      },
    ],
    { book: false },
  );
  const [invoice] = await money.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!invoice) throw new Error("invoicePaid: nothing inserted");
  const transactions = input.payments.map((payment, index) => ({
    txid: `tx_${orderId}_${index}`,
    amount: payment.amount,
    seenAt: new Date(payment.seenAt),
  }));
  // Seen before the answer is applied: the payment's first sight is when its money moved.
  await money.db.insert(invoiceTransactions).values(
    transactions.map((payment) => ({
      invoiceId: invoice.id,
      txid: payment.txid,
      amount: payment.amount,
      sourceWallet: WALLET,
      firstSeenAt: payment.seenAt,
    })),
  );
  const paid = transactions.reduce((sum, payment) => sum.plus(payment.amount), new Decimal(0)).toFixed();
  const answer: ServiceInvoice = {
    id: `svc_${orderId}`,
    orderId,
    status: input.status,
    amount: "10",
    fiatCurrency: "USD",
    cryptoAmount: input.asked,
    remainingCryptoAmount: "0",
    paidFiatAmount: "10",
    paidCryptoAmount: input.total ?? paid,
    currency,
    network,
    isPaymentMultiple: true,
    wallet: WALLET,
    payUrl: `http://sandbox/pay/svc_${orderId}`,
    createdAt: new Date(input.learntAt),
    expiresAt: new Date(Date.parse(input.learntAt) + 3_600_000),
    additionalData: null,
    transactions: transactions.map((payment) => ({
      transactionId: payment.txid,
      amount: payment.amount,
      sourceWallet: WALLET,
      currency,
      network,
      createdAt: payment.seenAt,
    })),
  };
  await at(input.learntAt, () => applyServiceInvoice(money.db, invoice.id, answer, "webhook"));
  return invoice;
}

/** A payout of `amount` USDT requested by support at `requestedAt` and sent at `sentAt`. */
async function sentPayout(amount: string, requestedAt: string, sentAt: string, isSubtract = true) {
  const payout = await at(requestedAt, () =>
    requestWithdrawal(money.db, openedWithdrawalForm({ amount, isSubtract }), money.people.support),
  );
  return at(sentAt, () =>
    moveTo(money.db, payout.id, "submitted", {
      serviceId: `svc_${payout.orderId}`,
      serviceStatus: "process",
    }),
  );
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  // September: 100 + 2 received, a payout of 30 paid with a fee of 1 from the balance.
  await invoicePaid({
    payments: [{ amount: "100", seenAt: "2026-09-10T10:00:00Z" }],
    learntAt: "2026-09-10T10:00:05Z",
    asked: "100",
    status: "paid",
  });
  // 23:59:59 on 30 September in Berlin (CEST): still September.
  await invoicePaid({
    payments: [{ amount: "2", seenAt: "2026-09-30T21:59:59Z" }],
    learntAt: "2026-09-30T22:00:30Z",
    asked: "2",
    status: "paid",
  });
  const september = await sentPayout("30", "2026-09-20T08:00:00Z", "2026-09-20T09:00:00Z");
  await at("2026-09-21T12:00:00Z", () =>
    applyServiceReport(money.db, { orderId: september.orderId, status: "paid", fee: "1" }, "webhook"),
  );

  // October. 00:00:00 on 1 October in Berlin: October's first second.
  await invoicePaid({
    payments: [{ amount: "50", seenAt: "2026-09-30T22:00:00Z" }],
    learntAt: "2026-09-30T22:01:00Z",
    asked: "50",
    status: "paid",
  });
  // Overpaid (10 asked, 10 + 5 paid): the 5 is refunded, with a fee of 0.5 from the balance.
  overpaid = await invoicePaid({
    payments: [
      { amount: "10", seenAt: "2026-10-05T09:00:00Z" },
      { amount: "5", seenAt: "2026-10-05T09:30:00Z" },
    ],
    learntAt: "2026-10-05T09:31:00Z",
    asked: "10",
    status: "paid_over",
  });
  refund = await at("2026-10-06T08:00:00Z", () =>
    requestRefund(money.db, refundForm(overpaid.id, "5"), money.people.support),
  );
  await at("2026-10-06T09:00:00Z", () =>
    moveTo(money.db, refund.id, "submitted", {
      serviceId: `svc_${refund.orderId}`,
      serviceStatus: "process",
    }),
  );
  await at("2026-10-07T10:00:00Z", () =>
    applyServiceReport(
      money.db,
      { orderId: refund.orderId, status: "paid", fee: "0.5", payoutAmount: "5" },
      "webhook",
    ),
  );
  // The service's total is 0.5 above the payments it listed: a correction of what was received.
  await invoicePaid({
    payments: [{ amount: "11.5", seenAt: "2026-10-12T11:00:00Z" }],
    learntAt: "2026-10-12T11:05:00Z",
    asked: "12",
    status: "paid",
    total: "12",
  });
  await invoicePaid({
    payments: [{ amount: "0.00123456", seenAt: "2026-10-10T10:00:00Z" }],
    learntAt: "2026-10-10T10:00:10Z",
    asked: "0.00123456",
    status: "paid",
    currency: "BTC",
    network: "BTC",
  });
  // A payout of 40 with its fee of 1.25 taken from the amount: the recipient got 38.75.
  const fromAmount = await sentPayout("40", "2026-10-14T08:00:00Z", "2026-10-14T09:00:00Z", false);
  await at("2026-10-15T10:00:00Z", () =>
    applyServiceReport(
      money.db,
      { orderId: fromAmount.orderId, status: "paid", fee: "1.25", payoutAmount: "38.75" },
      "webhook",
    ),
  );
  // A payout of 20 the service failed, sent again by another person in finance and paid, the
  // service saying nothing of a fee.
  failedPayout = await sentPayout("20", "2026-10-16T08:00:00Z", "2026-10-16T09:00:00Z");
  await at("2026-10-17T10:00:00Z", () =>
    applyServiceReport(money.db, { orderId: failedPayout.orderId, status: "fail" }, "webhook"),
  );
  const resent = await at("2026-10-18T08:00:00Z", () =>
    sendAgain(money.db, failedPayout.id, money.people.finance1),
  );
  expect(resent.kind).toBe("resent");
  resentPayout = resent.withdrawal;
  await at("2026-10-19T08:00:00Z", () =>
    transition(money.db, resentPayout.id, {
      event: "approve",
      source: "user",
      actorId: money.people.finance2,
    }),
  );
  await at("2026-10-19T09:00:00Z", () =>
    moveTo(money.db, resentPayout.id, "submitted", {
      serviceId: `svc_${resentPayout.orderId}`,
      serviceStatus: "process",
    }),
  );
  await at("2026-10-20T10:00:00Z", () =>
    applyServiceReport(money.db, { orderId: resentPayout.orderId, status: "paid" }, "webhook"),
  );
  // 23:59:59 on 31 October in Berlin (CET since the 25th): October's last second.
  await invoicePaid({
    payments: [{ amount: "7", seenAt: "2026-10-31T22:59:59Z" }],
    learntAt: "2026-10-31T23:30:00Z",
    asked: "7",
    status: "paid",
  });
  // 00:00:00 on 1 November in Berlin: November's.
  await invoicePaid({
    payments: [{ amount: "3", seenAt: "2026-10-31T23:00:00Z" }],
    learntAt: "2026-10-31T23:30:00Z",
    asked: "3",
    status: "paid",
  });
  // A payout requested in October and still waiting: reserved, not gone.
  await sentPayout("9", "2026-10-30T08:00:00Z", "2026-10-30T09:00:00Z");
  // December, USDT on ETH: a payout of 10 paid on the 3rd with no fee said, its fee of 0.4 (from
  // the amount) reported on the 4th.
  const ethPayout = await at("2026-12-02T08:00:00Z", () =>
    requestWithdrawal(
      money.db,
      openedWithdrawalForm({ amount: "10", isSubtract: false, network: "ETH", address: ETH_ADDRESS }),
      money.people.support,
    ),
  );
  await at("2026-12-02T09:00:00Z", () =>
    moveTo(money.db, ethPayout.id, "submitted", {
      serviceId: `svc_${ethPayout.orderId}`,
      serviceStatus: "process",
    }),
  );
  await at("2026-12-03T10:00:00Z", () =>
    applyServiceReport(money.db, { orderId: ethPayout.orderId, status: "paid" }, "webhook"),
  );
  await at("2026-12-04T10:00:00Z", () =>
    applyServiceReport(money.db, { orderId: ethPayout.orderId, status: "paid", fee: "0.4" }, "webhook"),
  );
  vi.useRealTimers();
});

afterAll(() => {
  vi.useRealTimers();
});

const plain = (row: StatementRow) => ({
  currency: row.currency,
  network: row.network,
  opening: row.opening.toFixed(),
  received: row.figures.received.toFixed(),
  refunded: row.figures.refunded.toFixed(),
  paid_out: row.figures.paid_out.toFixed(),
  fees: row.figures.fees.toFixed(),
  feesNotReported: row.feesNotReported,
  closing: row.closing.toFixed(),
});

async function readText(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe("the statement of a month", () => {
  it("gives October's figures in Berlin, each as the books hold them", async () => {
    expect((await statementFigures(money.db, october)).map(plain)).toEqual([
      {
        currency: "BTC",
        network: "BTC",
        opening: "0",
        received: "0.00123456",
        refunded: "0",
        paid_out: "0",
        fees: "0",
        feesNotReported: 0,
        closing: "0.00123456",
      },
      {
        currency: "USDT",
        network: "TRON",
        // September: 100 + 2 (at 23:59:59 on the 30th, Berlin) received − 30 paid out − 1 fee.
        opening: "71",
        // 50 (at 00:00:00 on the 1st) + 10 + 5 (overpaid) + 11.5 and its correction 0.5 + 7 (at
        // 23:59:59 on the 31st); the 3 at 00:00:00 on 1 November is not October's.
        received: "84",
        // The overpayment's 5, to the customer.
        refunded: "5",
        // 38.75 reached the payout of 40 (its fee 1.25 from the amount), and 20 the payout sent
        // again; the failed one and the waiting 9 left nothing.
        paid_out: "58.75",
        // 0.5 on the refund (from the balance) + 1.25 on the payout of 40.
        fees: "1.75",
        // The payout sent again: paid, the service said nothing of its fee.
        feesNotReported: 1,
        // 71 + 84 − 5 − 58.75 − 1.75.
        closing: "89.5",
      },
    ]);
  });

  it("opens a month where the one before closed", async () => {
    const [sept] = (await statementFigures(money.db, september)).map(plain);
    // Nothing before September: 100 + 2 received − 30 − 1 closes it at 71, October's opening.
    expect(sept).toMatchObject({ opening: "0", received: "102", paid_out: "30", fees: "1", closing: "71" });
    const novemberUsdt = (await statementFigures(money.db, november))
      .map(plain)
      .find((row) => row.currency === "USDT");
    // October's close, then November's first second's 3.
    expect(novemberUsdt).toMatchObject({ opening: "89.5", received: "3", closing: "92.5" });
  });

  it("takes the days in the reader's zone: the same October in UTC moves the boundary payments", async () => {
    const utc = rangeInZone(periodOfMonth("2026-10"), "UTC");
    const usdt = (await statementFigures(money.db, utc)).map(plain).find((row) => row.currency === "USDT");
    // In UTC the 2 of 21:59:59 on 30 September is September's and the 50 of 22:00 too; the 3 of
    // 23:00 on 31 October becomes October's: 71 + 50 opening, 84 − 50 + 3 received.
    expect(usdt).toMatchObject({ opening: "121", received: "37", closing: "92.5" });
  });

  it("gives a range of days the same way, both days included", async () => {
    const days = rangeInZone(periodOfRange("2026-10-15", "2026-10-07"), BERLIN);
    expect(days.period).toEqual({ from: "2026-10-07", to: "2026-10-15" });
    const usdt = (await statementFigures(money.db, days)).map(plain).find((row) => row.currency === "USDT");
    // Before the 7th: 71 + 50 + 15 received. From the 7th to the 15th: the refund (5, fee 0.5),
    // the payment of 11.5 and its correction, the payout of 40 (38.75, fee 1.25).
    expect(usdt).toMatchObject({
      opening: "136",
      received: "12",
      refunded: "5",
      paid_out: "38.75",
      fees: "1.75",
      feesNotReported: 0,
      closing: "102.5",
    });
  });

  it("moves a fee learnt after its payout was paid from paid out to fees, the balance unchanged", async () => {
    const eth = async (from: string, to: string) =>
      (await statementFigures(money.db, rangeInZone(periodOfRange(from, to), BERLIN)))
        .map(plain)
        .find((row) => row.network === "ETH");
    // The fee is booked when the money moved, the 3rd: 0.4 of the 10 that left was the fee, the
    // recipient got 9.6 (the lines below show the payout of 10, then the fee taken from it).
    expect(await eth("2026-12-03", "2026-12-03")).toMatchObject({
      opening: "0",
      paid_out: "9.6",
      fees: "0.4",
      feesNotReported: 0,
      closing: "-10",
    });
    expect(await eth("2026-12-04", "2026-12-04")).toMatchObject({ opening: "-10", paid_out: "0", fees: "0" });
    expect(await eth("2026-12-01", "2026-12-31")).toMatchObject({
      paid_out: "9.6",
      fees: "0.4",
      closing: "-10",
    });
    const lines = (
      await statementLinesPage(
        money.db,
        rangeInZone(periodOfMonth("2026-12"), BERLIN),
        { network: "ETH" },
        {},
      )
    ).rows;
    expect(lines.map((line) => [line.lineType, line.amount])).toEqual([
      ["payout_paid", "10"],
      ["payout_fee_learnt", "0.4"],
    ]);
  });

  it("reads the entries, not the quarter-hour totals, where a range does not start or end on a quarter hour", async () => {
    const odd = {
      ...october,
      start: new Date("2026-10-05T09:00:30Z"),
      end: new Date("2026-10-31T22:59:59.500Z"),
    };
    const usdt = (await statementFigures(money.db, odd)).map(plain).find((row) => row.currency === "USDT");
    // The 10 of 09:00:00 on the 5th falls before the start, in the start's quarter hour; the 7 of
    // 22:59:59 on the 31st before the end, in the end's: 71 + 50 + 10 opening, 5 + 12 + 7 received.
    expect(usdt).toMatchObject({ opening: "131", received: "24" });
  });

  it("lists the lines behind each figure, one per entry that changes the balance", async () => {
    const usdt = { currency: "USDT", network: "TRON" };
    const linesOf = async (figure: Parameters<typeof statementLinesPage>[2]["figure"]) =>
      (await statementLinesPage(money.db, october, { ...usdt, figure }, {})).rows.map((line) => [
        line.lineType,
        line.amount,
        line.invoiceOrderId,
        line.payoutOrderId,
      ]);
    expect((await linesOf("refunded")).map(([type, amount, invoice]) => [type, amount, invoice])).toEqual([
      ["refund_paid", "5", overpaid.orderId],
    ]);
    expect(await linesOf("fees")).toEqual([
      ["fee", "0.5", overpaid.orderId, refund.orderId],
      ["fee", "1.25", null, expect.any(String)],
    ]);
    expect(await linesOf("fees_not_reported")).toEqual([["payout_paid", "20", null, resentPayout.orderId]]);
    // Nothing of the failed payout: it was reserved, sent, failed and released, never gone.
    const all = (await statementLinesPage(money.db, october, { figure: "all" }, {}, 100)).rows;
    expect(all.filter((line) => line.withdrawalId === failedPayout.id)).toEqual([]);
    expect(all.map((line) => line.lineType)).toEqual([
      "payment",
      "payment",
      "payment",
      "fee",
      "refund_paid",
      "payment",
      "payment",
      "receipt_corrected_up",
      "payout_paid",
      "fee",
      "payout_paid",
      "payment",
    ]);
    // The first and the last second of October in Berlin are its first and last lines.
    expect(all[0]?.movedAt.toISOString()).toBe("2026-09-30T22:00:00.000Z");
    expect(all.at(-1)?.movedAt.toISOString()).toBe("2026-10-31T22:59:59.000Z");
  });

  it("pages the lines by keyset, forward and back, without losing or repeating one", async () => {
    const all = (await statementLinesPage(money.db, october, { figure: "all" }, {}, 100)).rows.map(
      (l) => l.id,
    );
    const seen: number[] = [];
    let page = await statementLinesPage(money.db, october, { figure: "all" }, {}, 5);
    seen.push(...page.rows.map((line) => line.id));
    while (page.nextCursor) {
      page = await statementLinesPage(money.db, october, { figure: "all" }, { cursor: page.nextCursor }, 5);
      seen.push(...page.rows.map((line) => line.id));
    }
    expect(seen).toEqual(all);
    const back = await statementLinesPage(
      money.db,
      october,
      { figure: "all" },
      { cursor: page.prevCursor ?? "", dir: "prev" },
      5,
    );
    expect(back.rows.map((line) => line.id)).toEqual(all.slice(5, 10));
  });

  it("downloads lines whose columns sum to the summary, with times in the reader's offset", async () => {
    const rows = await statementFigures(money.db, october);
    const summary = csvRecords(summaryCsv(october, rows));
    const lines = csvRecords(await readText(linesCsvStream(money.db, october, {})));
    expect(lines).toHaveLength(12);
    for (const row of summary) {
      const own = lines.filter((line) => line.currency === row.currency && line.network === row.network);
      const sum = (column: string) =>
        own.reduce((total, line) => total.plus(line[column] ?? "x"), new Decimal(0)).toFixed();
      expect({
        received: sum("received"),
        refunded: sum("refunded"),
        paid_out: sum("paid_out"),
        fees: sum("fee"),
        change: sum("balance_change"),
      }).toEqual({
        received: row.received,
        refunded: row.refunded,
        paid_out: row.paid_out,
        fees: row.fees,
        change: new Decimal(row.closing_balance ?? "x").minus(row.opening_balance ?? "x").toFixed(),
      });
    }
    expect(summary.find((row) => row.currency === "USDT")).toMatchObject({
      starts_at: "2026-10-01T00:00:00+02:00",
      ends_before: "2026-11-01T00:00:00+01:00",
      time_zone: BERLIN,
      payouts_fee_not_reported: "1",
    });
    expect(lines[0]).toMatchObject({ moved_at: "2026-10-01T00:00:00+02:00", what: "Payment received" });
    expect(lines.at(-1)).toMatchObject({ moved_at: "2026-10-31T23:59:59+01:00", received: "7", fee: "0" });
  });
});
