import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceEvents, invoices, invoiceTransactions } from "@/lib/db/schema";
import { listUnresolvedExceptions } from "@/lib/exceptions/worklist";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import type { ServiceInvoice } from "@/lib/service";
import { createUser } from "@/lib/users/manage-users";
import { applyServiceInvoice } from "./apply-service-invoice";
import { recordInvoiceIntent } from "./create-invoice";

let testDb: TestDb;
let invoiceId: string;
let userId: string;

const answer = (status: string, transactions: ServiceInvoice["transactions"] = []): ServiceInvoice => ({
  id: "svc_1",
  orderId: "inv_apply",
  status,
  amount: "10",
  fiatCurrency: "USD",
  cryptoAmount: "10",
  remainingCryptoAmount: status === "paid" ? "0" : "10",
  paidFiatAmount: status === "paid" ? "10" : "0",
  paidCryptoAmount: status === "paid" ? "10" : "0",
  currency: "USDT",
  network: "TRON",
  isPaymentMultiple: true,
  wallet: "T...",
  payUrl: "http://sandbox/pay/svc_1",
  createdAt: new Date(),
  expiresAt: new Date(Date.now() + 3_600_000),
  additionalData: null,
  transactions,
});

beforeAll(async () => {
  testDb = await createTestDb();
  const user = await createUser(testDb.db, {
    email: "a@example.com",
    name: "A",
    role: "support",
    password: "a-long-password-1",
  });
  userId = user.id;
  invoiceId = (
    await recordInvoiceIntent(testDb.db, { orderId: "inv_apply", amount: "10", fiatCurrency: "USD" }, userId)
  ).id;
});
afterAll(() => testDb.close());

describe("applying the service's answers", () => {
  it("stores each payment once and a status change as one event, whatever the number of repeats", async () => {
    await applyServiceInvoice(testDb.db, invoiceId, answer("pending"), "user");
    const paid = answer("paid", [
      {
        transactionId: "tx1",
        sourceWallet: "Tsrc",
        amount: "10",
        currency: "USDT",
        network: "TRON",
        createdAt: null,
      },
    ]);
    expect(await applyServiceInvoice(testDb.db, invoiceId, paid, "webhook")).toMatchObject({
      statusChanged: true,
      newTransactions: 1,
    });
    expect(await applyServiceInvoice(testDb.db, invoiceId, paid, "loop")).toMatchObject({
      statusChanged: false,
      newTransactions: 0,
    });
    const events = await testDb.db.select().from(invoiceEvents);
    expect(events.filter((event) => event.kind === "status_changed")).toHaveLength(1);
    expect(events.filter((event) => event.kind === "payment_received")).toHaveLength(1);
  });

  it("ignores an older answer that would take a final invoice back to open", async () => {
    const result = await applyServiceInvoice(testDb.db, invoiceId, answer("pending"), "view");
    expect(result).toMatchObject({
      statusChanged: false,
      invoice: { status: "paid", serviceStatus: "paid", isFinal: true },
    });
  });
});

describe("answers that arrive out of order (issue 22, item 6)", () => {
  const tx = (id: string, amount: string) => ({
    transactionId: id,
    sourceWallet: "Tsrc",
    amount,
    currency: "USDT",
    network: "TRON",
    createdAt: null,
  });
  let count = 0;
  /** An invoice the service confirmed as pending, and a way to write the service's later answers about it. */
  async function freshInvoice() {
    const orderId = `inv_order_${++count}`;
    const { id } = await recordInvoiceIntent(
      testDb.db,
      { orderId, amount: "10", fiatCurrency: "USD" },
      userId,
    );
    const serviceId = `svc_order_${count}`;
    const reading = (status: string, paid: string, transactions: ServiceInvoice["transactions"]) => ({
      ...answer(status, transactions),
      id: serviceId,
      orderId,
      paidCryptoAmount: paid,
      paidFiatAmount: paid,
    });
    await applyServiceInvoice(testDb.db, id, reading("pending", "0", []), "user");
    const stored = async () => (await testDb.db.select().from(invoices).where(eq(invoices.id, id)))[0];
    return { id, reading, stored };
  }

  it("keeps an overpaid invoice overpaid when the older answer saying paid commits last", async () => {
    const { id, reading, stored } = await freshInvoice();
    const paidOver = reading("paid_over", "12", [tx("a", "10"), tx("b", "2")]);
    await applyServiceInvoice(testDb.db, id, paidOver, "webhook");
    const late = await applyServiceInvoice(testDb.db, id, reading("paid", "10", [tx("a", "10")]), "loop");

    expect(late).toMatchObject({ statusChanged: false, newTransactions: 0, olderNews: true });
    expect(await stored()).toMatchObject({
      status: "overpaid",
      serviceStatus: "paid_over",
      paidCryptoAmount: "12",
    });
    const worklist = await listUnresolvedExceptions(testDb.db, 100);
    expect(worklist.find((entry) => entry.id === id)).toMatchObject({ status: "overpaid" });
  });

  it("changes nothing for an answer with fewer payments or less received, yet records a payment only it lists", async () => {
    const { id, reading, stored } = await freshInvoice();
    const newer = reading("wrong_amount_waiting", "6", [tx("a", "4"), tx("b", "2")]);
    await applyServiceInvoice(testDb.db, id, newer, "webhook");
    const before = await stored();

    const fewer = reading("wrong_amount_waiting", "6", [tx("a", "4")]);
    expect(await applyServiceInvoice(testDb.db, id, fewer, "loop")).toMatchObject({ olderNews: true });
    const less = reading("wrong_amount_waiting", "4", [tx("a", "4"), tx("c", "1")]);
    expect(await applyServiceInvoice(testDb.db, id, less, "loop")).toMatchObject({
      olderNews: true,
      newTransactions: 1,
    });
    expect(await stored()).toEqual(before);
    const payments = await testDb.db
      .select()
      .from(invoiceTransactions)
      .where(eq(invoiceTransactions.invoiceId, id));
    expect(payments.map((payment) => payment.txid).sort()).toEqual(["a", "b", "c"]);
  });

  it("replaces a final status only by a higher one: a late payment turns expired into paid, never back", async () => {
    const { id, reading } = await freshInvoice();
    await applyServiceInvoice(testDb.db, id, reading("cancel", "0", []), "loop");
    await applyServiceInvoice(testDb.db, id, reading("paid", "10", [tx("a", "10")]), "webhook");
    expect(
      await applyServiceInvoice(testDb.db, id, reading("cancel", "10", [tx("a", "10")]), "loop"),
    ).toMatchObject({ olderNews: true, invoice: { status: "paid" } });
    expect(
      await applyServiceInvoice(testDb.db, id, reading("paid_over", "10", [tx("a", "10")]), "loop"),
    ).toMatchObject({ olderNews: false, invoice: { status: "overpaid" } });
  });
});
