import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, users } from "@/lib/db/schema";
import { requestRefund } from "@/lib/refunds/request-refund";
import { applyServiceReport } from "@/lib/withdrawals/apply-service-report";
import { approveWithdrawal, rejectWithdrawal } from "@/lib/withdrawals/decide";
import { requestWithdrawal } from "@/lib/withdrawals/request-withdrawal";
import { submitWithdrawal } from "@/lib/withdrawals/submit-withdrawal";
import { FakePayoutService } from "@/test-support/fake-payout-service";
import { invoiceThatReceived, openMoneyTestDb, refundForm } from "@/test-support/money-rows";
import { openedWithdrawalForm } from "@/test-support/withdrawal-rows";
import { invoiceLedger, LEDGER_LINES_SHOWN, payoutLedger } from "./read-lines";

const money = openMoneyTestDb();
const service = new FakePayoutService();
let sam: string;
let fran: string;

beforeAll(async () => {
  const name = async (id: string, to: string) =>
    (await money.db.update(users).set({ name: to }).where(eq(users.id, id)).returning())[0]?.email ?? "";
  sam = `Sam Support (${await name(money.people.support, "Sam Support")})`;
  fran = `Fran Finance (${await name(money.people.finance1, "Fran Finance")})`;
});

const words = (line: { what: string; amount: string; from: string; to: string; evidence: string }) => ({
  what: line.what,
  amount: line.amount,
  from: line.from,
  to: line.to,
  evidence: line.evidence,
});

/**
 * An invoice overpaid by 5 (15 in one payment), its excess refunded and paid out with a fee of 0.5 from the
 * balance; `meanwhile` runs while the refund is at the service.
 */
async function refundedInvoice(meanwhile: (invoiceId: string) => Promise<unknown> = async () => {}) {
  const invoice = await invoiceThatReceived(money.db, { status: "overpaid", payments: ["15"] });
  const refund = await requestRefund(money.db, refundForm(invoice.id, "5"), money.people.support);
  await approveWithdrawal(money.db, refund.id, money.people.finance1);
  expect((await submitWithdrawal(money.db, service, refund.id, { source: "loop" })).result).toBe("submitted");
  const more = await meanwhile(invoice.id);
  await applyServiceReport(
    money.db,
    { orderId: refund.orderId, status: "paid", fee: "0.5", payoutAmount: "5", txid: "0xrefunded" },
    "webhook",
  );
  return { invoice, refund, more };
}

describe("an invoice's and a payout's lines in the books, in words", () => {
  it("the invoice shows its payments and its refund's moves, oldest first, with what they add up to", async () => {
    const { invoice, refund, more } = await refundedInvoice((invoiceId) =>
      requestRefund(money.db, refundForm(invoiceId, "2"), money.people.support),
    );
    const other = more as Awaited<ReturnType<typeof requestRefund>>;

    const ledger = await invoiceLedger(money.db, invoice.id);
    expect(ledger?.notShown).toBe(0);
    expect(ledger?.lines.map(words)).toEqual([
      {
        what: "Payment received",
        amount: "15",
        from: "customer",
        to: "this invoice",
        evidence: "Read from the service",
      },
      {
        what: "Refund reserved",
        amount: "5",
        from: "this invoice",
        to: `refund ${refund.orderId}, held`,
        evidence: `Request by ${sam}`,
      },
      {
        what: "Sent to the service",
        amount: "5",
        from: `refund ${refund.orderId}, held`,
        to: `refund ${refund.orderId}, at the service`,
        evidence: "Paydesk's background loop",
      },
      {
        what: "Refund reserved",
        amount: "2",
        from: "this invoice",
        to: `refund ${other.orderId}, held`,
        evidence: `Request by ${sam}`,
      },
      {
        what: "Fee",
        amount: "0.5",
        from: "the merchant's balance",
        to: "the service's fees",
        evidence: "Webhook from the service",
      },
      {
        what: "Paid to the recipient",
        amount: "5",
        from: `refund ${refund.orderId}, at the service`,
        to: "customer",
        evidence: "Webhook from the service",
      },
    ]);
    expect(ledger?.lines[0]).toMatchObject({
      currency: "USDT",
      network: "TRON",
      txid: `tx_${invoice.orderId}_0`,
    });
    expect(ledger?.lines[5]?.txid).toBe("0xrefunded");
    expect(ledger?.figures).toEqual([
      { currency: "USDT", received: "15", refunded: "5", held: "2", leftToRefund: "8" },
    ]);
  });

  it("the refund's page shows its own moves, and where its money is now", async () => {
    const { invoice, refund } = await refundedInvoice();
    const ledger = await payoutLedger(money.db, refund.id);
    expect(ledger?.lines.map(words)).toEqual([
      {
        what: "Refund reserved",
        amount: "5",
        from: `invoice ${invoice.orderId}`,
        to: "this refund, held",
        evidence: `Request by ${sam}`,
      },
      {
        what: "Sent to the service",
        amount: "5",
        from: "this refund, held",
        to: "this refund, at the service",
        evidence: "Paydesk's background loop",
      },
      {
        what: "Fee",
        amount: "0.5",
        from: "the merchant's balance",
        to: "the service's fees",
        evidence: "Webhook from the service",
      },
      {
        what: "Paid to the recipient",
        amount: "5",
        from: "this refund, at the service",
        to: "customer",
        evidence: "Webhook from the service",
      },
    ]);
    expect(ledger).toMatchObject({
      currency: "USDT",
      places: [
        { where: "Paid to the customer", amount: "5" },
        { where: "Taken by the service as its fee", amount: "0.5" },
      ],
    });
  });

  it("an ordinary payout rejected by a person: reserved from the balance, released back by that person", async () => {
    const payout = await requestWithdrawal(
      money.db,
      openedWithdrawalForm({ amount: "7.25" }),
      money.people.support,
    );
    await rejectWithdrawal(money.db, payout.id, money.people.finance1, "Not this one.");
    const ledger = await payoutLedger(money.db, payout.id);
    expect(ledger?.lines.map(words)).toEqual([
      {
        what: "Payout reserved",
        amount: "7.25",
        from: "the merchant's balance",
        to: "this payout, held",
        evidence: `Request by ${sam}`,
      },
      {
        what: "Released",
        amount: "7.25",
        from: "this payout, held",
        to: "the merchant's balance",
        evidence: fran,
      },
    ]);
    expect(ledger).toMatchObject({ places: [], cameFrom: "the merchant's balance" });
  });

  it("an invoice nobody paid has no lines; an unknown one has no ledger", async () => {
    const invoice = await invoiceThatReceived(money.db, { status: "open", payments: [], isFinal: false });
    expect(await invoiceLedger(money.db, invoice.id)).toEqual({ lines: [], notShown: 0, figures: [] });
    expect(await invoiceLedger(money.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await payoutLedger(money.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it(`shows the ${LEDGER_LINES_SHOWN} most recent lines, says how many more exist, and its figures count them all`, async () => {
    const payments = Array.from({ length: LEDGER_LINES_SHOWN + 5 }, () => "1");
    const invoice = await invoiceThatReceived(money.db, { status: "overpaid", payments });
    const ledger = await invoiceLedger(money.db, invoice.id);
    expect(ledger?.lines).toHaveLength(LEDGER_LINES_SHOWN);
    expect(ledger?.notShown).toBe(5);
    const ids = (
      await money.db
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.invoiceId, invoice.id))
        .orderBy(ledgerEntries.id)
    ).map((row) => row.id);
    expect(ledger?.lines.map((line) => line.id)).toEqual(ids.slice(5));
    expect(ledger?.figures[0]).toMatchObject({ received: String(LEDGER_LINES_SHOWN + 5) });
  });
});
