import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { encodeCursor } from "@/lib/db/keyset";
import { listInvoices, hasAnyInvoice, type InvoiceListQuery } from "./list-invoices";
import { insertListInvoices, type ListTestInvoice } from "@/test-support/invoice-rows";
import { INVOICE_STATUSES } from "./status";

let testDb: TestDb;
const dayEdge = (i: number) =>
  `2025-01-${String(10 + Math.floor((i + 1) / 2)).padStart(2, "0")}T${i % 2 ? "00:00:00" : "23:59:59.999999"}Z`;
// 30 invoices: rows 0..2 differ only in microseconds, rows 20..29 share one created_at (across the
// page boundary at 25), and 2025-01-12 holds exactly order-03 (its first instant) and order-04 (its last).
const seed: ListTestInvoice[] = Array.from({ length: 30 }, (_, i) => ({
  orderId: `order-${String(i).padStart(2, "0")}`,
  serviceId: `svc-${i}`,
  customerId: `cust-${i % 4}`,
  status: INVOICE_STATUSES[i % INVOICE_STATUSES.length],
  createdAt: i < 3 ? `2025-01-10T12:00:00.00000${i}Z` : i >= 20 ? "2025-01-01T00:00:00Z" : dayEdge(i),
}));

beforeAll(async () => {
  testDb = await createTestDb();
  expect(await hasAnyInvoice(testDb.db)).toBe(false);
  await insertListInvoices(testDb.db, seed);
});
afterAll(() => testDb.close());

/** Every row in list order, straight from the database. */
async function expectedOrder(where = sql`true`): Promise<string[]> {
  const rows = await testDb.db
    .select({ orderId: invoices.orderId })
    .from(invoices)
    .where(where)
    .orderBy(sql`created_at desc, id desc`);
  return rows.map((row) => row.orderId);
}

async function walk(query: Omit<InvoiceListQuery, "cursor">): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const page = await listInvoices(testDb.db, { ...query, cursor });
    pages.push(page.rows.map((row) => row.orderId));
    if (!page.nextCursor) return pages;
    cursor = page.nextCursor;
  }
  throw new Error("pagination did not end");
}

const ids = async (query: Partial<InvoiceListQuery>) =>
  (await listInvoices(testDb.db, { limit: 100, ...query })).rows.map((row) => row.orderId);

describe("keyset pagination", () => {
  it("walks every row exactly once, newest first, across ties on created_at", async () => {
    const pages = await walk({ limit: 25 });
    expect(pages.map((page) => page.length)).toEqual([25, 5]);
    expect(pages.flat()).toEqual(await expectedOrder());
  });

  it("keeps microsecond order that a JS Date would round away", async () => {
    const all = (await walk({ limit: 25 })).flat();
    const microRows = ["order-00", "order-01", "order-02"];
    expect(all.filter((id) => microRows.includes(id))).toEqual(["order-02", "order-01", "order-00"]);
  });

  it("goes back a page with dir=prev, and to a full first page at the start", async () => {
    const first = await listInvoices(testDb.db, { limit: 25 });
    expect(first.prevCursor).toBeNull();
    const second = await listInvoices(testDb.db, { limit: 25, cursor: first.nextCursor ?? "" });
    expect(second.prevCursor).not.toBeNull();
    const back = await listInvoices(testDb.db, { limit: 25, cursor: second.prevCursor ?? "", dir: "prev" });
    expect(back.rows.map((row) => row.orderId)).toEqual(first.rows.map((row) => row.orderId));
    expect(back.prevCursor).toBeNull();
  });

  it("goes back exactly one page from the middle", async () => {
    const small = { limit: 25 as const, status: undefined };
    const all = await expectedOrder();
    const pages = await walk(small);
    expect(pages.flat()).toEqual(all);
    const firstRow = (await listInvoices(testDb.db, small)).rows;
    const cursorAfter5 = firstRow[4];
    if (!cursorAfter5) throw new Error("seed too small");
    const cursor = encodeCursor({ createdAt: cursorAfter5.cursorKey, id: cursorAfter5.id });
    const back = await listInvoices(testDb.db, { limit: 25, cursor, dir: "prev" });
    expect(back.rows.map((row) => row.orderId)).toEqual(all.slice(0, 25));
  });

  it.each(["garbage", "", encodeCursor({ createdAt: "not-a-date", id: "x" }), "a".repeat(500), "%%%"])(
    "treats a tampered cursor %j as the first page",
    async (cursor) => {
      const page = await listInvoices(testDb.db, { limit: 25, cursor });
      expect(page.rows.map((row) => row.orderId)).toEqual((await expectedOrder()).slice(0, 25));
    },
  );

  it("returns an empty last page for a cursor past the end", async () => {
    const cursor = encodeCursor({
      createdAt: "2000-01-01T00:00:00Z",
      id: "00000000-0000-0000-0000-000000000000",
    });
    expect(await listInvoices(testDb.db, { limit: 25, cursor })).toEqual({
      rows: [],
      nextCursor: null,
      prevCursor: null,
    });
  });
});

describe("filters", () => {
  it.each(INVOICE_STATUSES)("filters by status %s, and pages within it", async (status) => {
    const expected = await expectedOrder(sql`status = ${status}`);
    expect(expected.length).toBeGreaterThan(0);
    expect((await walk({ limit: 25, status })).flat()).toEqual(expected);
  });

  it("finds by order id, service invoice id and customer id, exactly", async () => {
    expect(await ids({ q: "order-07" })).toEqual(["order-07"]);
    expect(await ids({ q: "svc-7" })).toEqual(["order-07"]);
    expect(await ids({ q: "cust-3" })).toEqual(await expectedOrder(sql`customer_id = 'cust-3'`));
    expect(await ids({ q: "order-0" })).toEqual([]);
    expect(await ids({ q: "cust-3", status: "paid" })).toEqual(
      await expectedOrder(sql`customer_id = 'cust-3' and status = 'paid'`),
    );
  });

  it("includes both edges of the date range, in UTC", async () => {
    expect(await ids({ dateFrom: "2025-01-12", dateTo: "2025-01-12" })).toEqual(["order-04", "order-03"]);
    expect(await ids({ dateFrom: "2025-01-12", dateTo: "2025-01-13" })).toEqual(
      await expectedOrder(sql`created_at >= '2025-01-12T00:00:00Z' and created_at < '2025-01-14T00:00:00Z'`),
    );
    expect(await ids({ dateFrom: "2025-01-25" })).toEqual(
      await expectedOrder(sql`created_at >= '2025-01-25'`),
    );
    expect(await ids({ dateTo: "2025-01-10" })).toEqual(await expectedOrder(sql`created_at < '2025-01-11'`));
  });

  it("reads the dates as days in the reader's zone", async () => {
    // In Berlin (UTC+1 in January) 12 January runs from 11 Jan 23:00 to 12 Jan 23:00 UTC:
    // order-03 (12 Jan 00:00 UTC) is on it, order-04 (12 Jan 23:59:59 UTC) is on the 13th.
    const berlin = { dateFrom: "2025-01-12", dateTo: "2025-01-12", timeZone: "Europe/Berlin" };
    expect(await ids(berlin)).toEqual(
      await expectedOrder(sql`created_at >= '2025-01-11T23:00:00Z' and created_at < '2025-01-12T23:00:00Z'`),
    );
    expect(await ids(berlin)).toContain("order-03");
    expect(await ids(berlin)).not.toContain("order-04");
  });
});
