import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getReportingCurrency, setReportingCurrency } from "@/lib/books/reporting-currency";
import { invoices, settings, withdrawals } from "@/lib/db/schema";
import { insertListInvoices, insertQuotedInvoice } from "@/test-support/invoice-rows";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";
import { openedWithdrawalForm } from "@/test-support/withdrawal-rows";
import { listAwaitingApproval } from "./approval-queue";
import { requestWithdrawal } from "./request-withdrawal";
import { setApprovalThreshold } from "./settings";

let testDb: TestDb;
let sam: string;
let fran: string;
const LTC_ADDRESS = "ltc1q07e2s6rm32yj35a5z2vp042x2w7cpexcvudv6a";

beforeAll(async () => {
  testDb = await createTestDb();
  const person = (email: string, name: string, role: "support" | "finance") =>
    insertUser(testDb.db, { email, name, role, password: "a-long-password-1" });
  sam = (await person("sam@rule-value.test", "Sam Support", "support")).id;
  fran = (await person("fran@rule-value.test", "Fran Finance", "finance")).id;
});
afterAll(() => testDb.close());
beforeEach(async () => {
  await testDb.db.delete(withdrawals);
  await testDb.db.delete(invoices);
  await testDb.db.delete(settings);
});

/** An invoice the service quoted an hour ago: `fiat` in `fiatCurrency` was `crypto` of `coin`. */
const quoted = (coin: string, fiat: string, fiatCurrency: string, crypto: string, network = "TRON") =>
  insertQuotedInvoice(testDb.db, { coin, fiat, fiatCurrency, crypto, hoursAgo: 1, network });

const ask = (amount: string, more: Parameters<typeof openedWithdrawalForm>[0] = {}) =>
  requestWithdrawal(testDb.db, openedWithdrawalForm({ amount, reason: "Supplier", ...more }), sam);

async function queueRow(id: string) {
  const row = (await listAwaitingApproval(testDb.db, { id: fran, role: "finance" })).find(
    (entry) => entry.id === id,
  );
  if (!row) throw new Error(`request ${id} is not in the queue`);
  return row;
}

describe("the two-approver rule values a request in crypto at the service's rate", () => {
  it("in the limit's currency: under the limit one approval, above it two, and the queue says why", async () => {
    await quoted("USDT", "10.00", "EUR", "11.5");
    await setApprovalThreshold(testDb.db, { amount: "100", fiatCurrency: "EUR" }, sam);

    const small = await ask("23");
    const large = await ask("230");

    expect(small.requiredApprovals).toBe(1);
    expect(large.requiredApprovals).toBe(2);
    const row = await queueRow(large.id);
    expect(row.fiatValue).toMatchObject({ kind: "at-rate", amount: "200.00", currency: "EUR" });
    expect(row.whyTwoApprovals).toBe(
      "Needs 2 approvals: worth about 200.00 EUR at the service's latest rate, above the 100.00 EUR limit.",
    );
  });

  it("takes the safe side when the service quoted the coin only in another currency, and says so", async () => {
    await quoted("USDT", "10.00", "EUR", "11.5");
    await quoted("LTC", "80.00", "GBP", "1", "LTC");
    await setApprovalThreshold(testDb.db, { amount: "100", fiatCurrency: "EUR" }, sam);

    const litecoin = await ask("0.01", { currency: "LTC", network: "LTC", address: LTC_ADDRESS });

    expect(litecoin.requiredApprovals).toBe(2);
    expect((await queueRow(litecoin.id)).whyTwoApprovals).toMatch(
      /asked in LTC, and the service has quoted no rate for it in EUR in the last 24 hours/,
    );
  });

  it("follows the limit when it changes: a request now under it needs one approval", async () => {
    await quoted("USDT", "10.00", "EUR", "11.5");
    await setApprovalThreshold(testDb.db, { amount: "100", fiatCurrency: "EUR" }, sam);
    const request = await ask("230");
    expect(request.requiredApprovals).toBe(2);

    await setApprovalThreshold(testDb.db, { amount: "1000", fiatCurrency: "EUR" }, sam);

    expect((await queueRow(request.id)).requiredApprovals).toBe(1);
  });
});

describe("the reporting currency", () => {
  it("is the currency most invoices are in until an admin chooses one, and USD with no invoices", async () => {
    expect(await getReportingCurrency(testDb.db)).toEqual({ currency: "USD", source: "default" });
    await quoted("USDT", "10.00", "EUR", "11.5");
    await quoted("USDT", "20.00", "EUR", "23");
    await quoted("USDT", "10.00", "GBP", "13");
    expect(await getReportingCurrency(testDb.db)).toEqual({ currency: "EUR", source: "usual" });

    await setReportingCurrency(testDb.db, "GBP", sam);

    expect(await getReportingCurrency(testDb.db)).toEqual({ currency: "GBP", source: "chosen" });
  });

  it("is what approvers see a crypto request's value in, never the latest invoice's currency", async () => {
    await quoted("USDT", "10.00", "EUR", "11.5");
    await quoted("USDT", "20.00", "EUR", "23");
    // The latest invoice was in GBP: a merchant counting in EUR still reads EUR.
    await insertListInvoices(testDb.db, [
      {
        orderId: "inv_rule_latest_gbp",
        status: "open",
        currency: "USDT",
        network: "TRON",
        amount: "10.00",
        fiatCurrency: "GBP",
        cryptoAmount: "13",
        createdAt: new Date(Date.now() - 60_000).toISOString(),
      },
    ]);
    const request = await ask("23");

    expect((await queueRow(request.id)).fiatValue).toMatchObject({
      kind: "at-rate",
      amount: "20.00",
      currency: "EUR",
    });

    await setReportingCurrency(testDb.db, "GBP", sam);
    expect((await queueRow(request.id)).fiatValue).toMatchObject({
      kind: "at-rate",
      amount: "17.69",
      currency: "GBP",
    });

    await setReportingCurrency(testDb.db, "CHF", sam);
    expect((await queueRow(request.id)).fiatValue).toEqual({ kind: "unknown", currency: "CHF" });
  });
});
