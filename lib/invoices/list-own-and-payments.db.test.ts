import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, invoiceTransactions } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertListInvoices } from "@/test-support/invoice-rows";
import { insertUser } from "@/test-support/users";
import { invoiceFilterFor, parseInvoiceListParams } from "./list-filter";
import { listInvoices } from "./list-invoices";

let testDb: TestDb;
let ana: string;
let bob: string;
beforeAll(async () => {
  testDb = await createTestDb();
  const password = "a-long-password-1";
  ana = (await insertUser(testDb.db, { email: "ana@example.com", name: "Ana", role: "support", password }))
    .id;
  bob = (await insertUser(testDb.db, { email: "bob@example.com", name: "Bob", role: "support", password }))
    .id;
  await insertListInvoices(testDb.db, [
    { orderId: "ana-1", createdBy: ana, currency: "USDT", createdAt: "2025-01-01T10:00:00Z" },
    { orderId: "bob-1", createdBy: bob, createdAt: "2025-01-01T11:00:00Z" },
    { orderId: "ana-2", createdBy: ana, createdAt: "2025-01-01T12:00:00Z" },
  ]);
  const [paid] = await testDb.db.select().from(invoices).where(eq(invoices.orderId, "ana-1"));
  await testDb.db.insert(invoiceTransactions).values([
    {
      invoiceId: paid?.id ?? "",
      txid: "0xfirst",
      amount: "4.5",
      firstSeenAt: new Date("2025-01-01T10:05:00Z"),
    },
    {
      invoiceId: paid?.id ?? "",
      txid: "0xlatest",
      amount: "5.5",
      firstSeenAt: new Date("2025-01-01T10:09:00Z"),
    },
  ]);
});
afterAll(() => testDb.close());

const page = (raw: Record<string, string>, viewer: string) => {
  const params = parseInvoiceListParams(raw);
  return listInvoices(testDb.db, {
    ...invoiceFilterFor(params, { id: viewer, timeZone: "UTC" }),
    limit: params.limit,
  });
};

describe("the invoice list", () => {
  it("'created by me' shows the viewer's own invoices only, newest first", async () => {
    expect((await page({ mine: "1" }, ana)).rows.map((row) => row.orderId)).toEqual(["ana-2", "ana-1"]);
    expect((await page({ mine: "1" }, bob)).rows.map((row) => row.orderId)).toEqual(["bob-1"]);
    expect((await page({}, bob)).rows).toHaveLength(3);
  });

  it("shows each invoice's payments at a glance: how many, their total, the latest hash", async () => {
    const rows = (await page({}, ana)).rows;
    expect(rows.find((row) => row.orderId === "ana-1")).toMatchObject({
      paymentCount: 2,
      paymentTotal: "10.0",
      latestTxid: "0xlatest",
      currency: "USDT",
    });
    expect(rows.find((row) => row.orderId === "bob-1")).toMatchObject({
      paymentCount: 0,
      paymentTotal: null,
      latestTxid: null,
    });
  });
});
