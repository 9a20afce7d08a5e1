import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, invoiceTransactions } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertListInvoices } from "@/test-support/invoice-rows";
import { listInvoices } from "./list-invoices";

// Issue 37: support finds an invoice by what the customer tells them: their email, the order id,
// the address they paid to, or their payment's transaction hash.
let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
  await insertListInvoices(testDb.db, [
    {
      orderId: "order-anna",
      serviceId: "svc-anna",
      createdAt: "2026-11-28T10:00:00Z",
      customerEmail: "Anna.Smith@Example.com",
      wallet: "TWalletAnna",
    },
    {
      orderId: "order-bob",
      serviceId: "svc-bob",
      createdAt: "2026-11-28T11:00:00Z",
      customerEmail: "bob@example.com",
      wallet: "TWalletBob",
    },
  ]);
  const [bob] = await testDb.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.orderId, "order-bob"));
  if (!bob) throw new Error("the test invoice is missing");
  await testDb.db.insert(invoiceTransactions).values({ invoiceId: bob.id, txid: "abc123hash", amount: "5" });
});
afterAll(() => testDb.close());

const found = async (q: string) =>
  (await listInvoices(testDb.db, { q, limit: 25 })).rows.map((row) => row.orderId);

describe("searching the invoice list", () => {
  it.each([
    ["the customer's email, in any case", "anna.smith@example.COM", ["order-anna"]],
    ["the order id", "order-bob", ["order-bob"]],
    ["the address paid to", "TWalletAnna", ["order-anna"]],
    ["a payment's transaction hash", "abc123hash", ["order-bob"]],
    ["part of an email (whole values only)", "anna", []],
    ["a LIKE wildcard, taken literally", "%", []],
  ])("by %s", async (_what, q, expected) => {
    expect(await found(q)).toEqual(expected);
  });
});
