import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import type { KeysetCursor } from "@/lib/db/keyset";
import type { InvoiceListFilter } from "./list-filter";
import { invoiceListColumns } from "./list-invoices";
import { keysetCondition, newestFirst, oldestFirst, whereClause } from "./list-query";
import { insertListInvoices } from "@/test-support/invoice-rows";

/**
 * Guards the plan, not just the answer: a page must be read in index order and stop after limit+1
 * rows. An ORDER BY that does not match the index (e.g. DESC without NULLS LAST) still returns the
 * right rows, but sorts every matching row; at a million invoices that is the difference.
 */
let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
  await insertListInvoices(
    testDb.db,
    Array.from({ length: 50 }, (_, i) => ({
      orderId: `o-${i}`,
      status: i % 2 ? "paid" : "open",
      createdAt: `2025-01-01T00:00:${String(i).padStart(2, "0")}Z`,
    })),
  );
});
afterAll(() => testDb.close());

const cursor: KeysetCursor = {
  createdAt: "2025-01-01T00:00:30Z",
  id: "00000000-0000-0000-0000-000000000000",
};

async function plan(filter: InvoiceListFilter, backward = false): Promise<string> {
  return testDb.db.transaction(async (tx) => {
    // With 50 rows a sequential scan is cheapest; what matters here is what the index can do.
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const select = tx
      .select(invoiceListColumns)
      .from(invoices)
      .where(whereClause(filter, keysetCondition(cursor, backward ? "newer" : "older")))
      .orderBy(...(backward ? oldestFirst : newestFirst))
      .limit(26);
    const result: unknown = await tx.execute(sql`explain (costs off) ${select}`);
    const rows = (result as { rows?: { "QUERY PLAN"?: string }[] }).rows ?? [];
    return rows.map((row) => row["QUERY PLAN"] ?? "").join("\n");
  });
}

describe("list query plans", () => {
  it("reads a page straight off invoices_created_keyset_idx, no sort", async () => {
    const text = await plan({});
    expect(text).toContain("invoices_created_keyset_idx");
    expect(text).not.toMatch(/Sort/);
  });

  it("walks the same index backwards for the previous page", async () => {
    const text = await plan({}, true);
    expect(text).toMatch(/Index Scan Backward using invoices_created_keyset_idx/);
    expect(text).not.toMatch(/Sort/);
  });

  it("uses invoices_status_keyset_idx for a status, with the keyset as an index condition", async () => {
    const text = await plan({ status: "paid", dateFrom: "2025-01-01" });
    expect(text).toContain("invoices_status_keyset_idx");
    expect(text).not.toMatch(/Sort/);
  });
});
