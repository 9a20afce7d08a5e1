import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceEvents } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import type { ServiceInvoice } from "@/lib/service";
import { createUser } from "@/lib/users/manage-users";
import { applyServiceInvoice } from "./apply-service-invoice";
import { recordInvoiceIntent } from "./create-invoice";

let testDb: TestDb;
let invoiceId: string;

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
  invoiceId = (
    await recordInvoiceIntent(testDb.db, { orderId: "inv_apply", amount: "10", fiatCurrency: "USD" }, user.id)
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
