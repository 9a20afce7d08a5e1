import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertListInvoices } from "@/test-support/invoice-rows";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { listUnsentInvoices, unsentInvoicesQuery } from "./unsent-invoices";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
  await insertListInvoices(testDb.db, [
    ...Array.from({ length: 200 }, (_, i) => ({
      orderId: `created-${i}`,
      serviceId: `svc-${i}`,
      createdAt: `2025-01-01T00:${String(Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}Z`,
    })),
    {
      orderId: "gave-up-late",
      creationState: "sending",
      creationError: "No answer.",
      sendAttempts: 20,
      createdAt: "2025-01-03T00:00:00Z",
    },
    {
      orderId: "gave-up-early",
      creationState: "sending",
      sendAttempts: 20,
      createdAt: "2025-01-02T00:00:00Z",
    },
    {
      orderId: "still-sending",
      creationState: "sending",
      nextSendAt: new Date(),
      createdAt: "2025-01-01T12:00:00Z",
    },
    { orderId: "refused", creationState: "rejected", createdAt: "2025-01-01T13:00:00Z" },
  ]);
  await testDb.db.execute(sql`analyze invoices`);
});
afterAll(() => testDb.close());

describe("creations the loop gave up on", () => {
  it("lists only those, oldest first, with what was asked and the last error", async () => {
    expect(await listUnsentInvoices(testDb.db)).toEqual([
      expect.objectContaining({
        orderId: "gave-up-early",
        amount: "10.00",
        fiatCurrency: "USD",
        sendAttempts: 20,
      }),
      expect.objectContaining({ orderId: "gave-up-late", lastError: "No answer." }),
    ]);
  });

  it("reads them through their own partial index, never the whole ledger", async () => {
    const text = await testDb.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result: unknown = await tx.execute(sql`explain (costs off) ${unsentInvoicesQuery(tx, 20)}`);
      const rows = (result as { rows?: { "QUERY PLAN"?: string }[] }).rows ?? [];
      return rows.map((row) => row["QUERY PLAN"] ?? "").join("\n");
    });
    expect(text).toContain("invoices_unsent_idx");
  });
});
