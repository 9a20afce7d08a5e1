import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withdrawals } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { parseWithdrawalListParams, toWithdrawalListQuery } from "./list-filter";
import { hasAnyWithdrawal, listWithdrawals, type WithdrawalListQuery } from "./list-withdrawals";
import { insertWithdrawals, seedRequester, type TestWithdrawal } from "@/test-support/withdrawal-rows";
import { WITHDRAWAL_STATES } from "./state-machine";

let testDb: TestDb;
// 60 rows: 0..2 differ only in microseconds, 40..59 share one created_at across page boundaries.
const seed: TestWithdrawal[] = Array.from({ length: 60 }, (_, i) => ({
  orderId: `wd_${String(i).padStart(2, "0")}`,
  state: WITHDRAWAL_STATES[i % WITHDRAWAL_STATES.length],
  customerId: `cust-${i % 4}`,
  address: i === 7 ? "0x52908400098527886E0F7030069857D2E4169EE7" : undefined,
  createdAt:
    i < 3
      ? `2025-02-10T12:00:00.00000${i}Z`
      : i >= 40
        ? "2025-01-01T00:00:00Z"
        : `2025-01-${String(10 + (i % 20)).padStart(2, "0")}T0${i % 10}:00:00Z`,
}));

beforeAll(async () => {
  testDb = await createTestDb();
  expect(await hasAnyWithdrawal(testDb.db)).toBe(false);
  const requester = await seedRequester(testDb.db, "requester@example.test");
  await insertWithdrawals(testDb.db, requester, seed);
});
afterAll(() => testDb.close());

async function expectedOrder(where = sql`true`): Promise<string[]> {
  const rows = await testDb.db
    .select({ orderId: withdrawals.orderId })
    .from(withdrawals)
    .where(where)
    .orderBy(sql`created_at desc, id desc`);
  return rows.map((row) => row.orderId);
}

async function walk(
  query: Omit<WithdrawalListQuery, "cursor">,
): Promise<{ pages: string[][]; cursors: string[] }> {
  const pages: string[][] = [];
  const cursors: string[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const page = await listWithdrawals(testDb.db, { ...query, cursor });
    pages.push(page.rows.map((row) => row.orderId));
    if (!page.nextCursor) return { pages, cursors };
    cursor = page.nextCursor;
    cursors.push(cursor);
  }
  throw new Error("pagination did not end");
}

const orderIds = async (query: Partial<WithdrawalListQuery>) =>
  (await listWithdrawals(testDb.db, { limit: 100, ...query })).rows.map((row) => row.orderId);

describe(`withdrawal list (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("walks every row exactly once, newest first, across ties and microseconds", async () => {
    const { pages } = await walk({ limit: 25 });
    expect(pages.map((page) => page.length)).toEqual([25, 25, 10]);
    expect(pages.flat()).toEqual(await expectedOrder());
  });

  it("walks back with dir=prev to the same pages", async () => {
    const { pages, cursors } = await walk({ limit: 25 });
    const second = await listWithdrawals(testDb.db, { limit: 25, cursor: cursors[0] });
    const third = await listWithdrawals(testDb.db, { limit: 25, cursor: second.nextCursor ?? undefined });
    const backToSecond = await listWithdrawals(testDb.db, {
      limit: 25,
      cursor: third.prevCursor ?? undefined,
      dir: "prev",
    });
    expect(backToSecond.rows.map((row) => row.orderId)).toEqual(pages[1]);
    const backToFirst = await listWithdrawals(testDb.db, {
      limit: 25,
      cursor: backToSecond.prevCursor ?? undefined,
      dir: "prev",
    });
    expect(backToFirst.rows.map((row) => row.orderId)).toEqual(pages[0]);
    expect(backToFirst.prevCursor).toBeNull();
  });

  it("filters by state, with keyset paging inside the filter", async () => {
    const { pages } = await walk({ limit: 25, state: "paid" });
    const expected = await expectedOrder(sql`state = 'paid'`);
    expect(expected.length).toBeGreaterThan(1);
    expect(pages.flat()).toEqual(expected);
  });

  it("searches by exact order id, address or customer id, combined with the state", async () => {
    expect(await orderIds({ q: "wd_05" })).toEqual(["wd_05"]);
    expect(await orderIds({ q: "0x52908400098527886E0F7030069857D2E4169EE7" })).toEqual(["wd_07"]);
    expect(await orderIds({ q: "cust-1" })).toEqual(await expectedOrder(sql`customer_id = 'cust-1'`));
    expect(await orderIds({ q: "cust-1", state: "approved" })).toEqual(
      await expectedOrder(sql`customer_id = 'cust-1' and state = 'approved'`),
    );
    expect(await orderIds({ q: "wd_0" })).toEqual([]); // exact, not a prefix
  });

  it("filters by UTC calendar days, both ends included, with paging inside the range; a backwards range is swapped", async () => {
    const { pages } = await walk({ limit: 25, dateFrom: "2025-01-02", dateTo: "2025-01-29" });
    const expected = await expectedOrder(
      sql`created_at >= '2025-01-02T00:00:00Z' and created_at < '2025-01-30T00:00:00Z'`,
    );
    expect(expected.length).toBeGreaterThan(25);
    expect(pages.length).toBe(2);
    expect(pages.flat()).toEqual(expected);
    expect(await orderIds({ dateFrom: "2025-02-10", dateTo: "2025-02-10" })).toEqual([
      "wd_02",
      "wd_01",
      "wd_00",
    ]);
    expect(await orderIds({ dateTo: "2025-01-01" })).toEqual(
      await expectedOrder(sql`created_at < '2025-01-02T00:00:00Z'`),
    );
    const backwards = parseWithdrawalListParams({ dateFrom: "2025-01-12", dateTo: "2025-01-10" });
    expect(backwards).toMatchObject({ dateFrom: "2025-01-10", dateTo: "2025-01-12" });
    expect(parseWithdrawalListParams({ dateFrom: "2025-02-30" }).dateFrom).toBeUndefined();
    expect(toWithdrawalListQuery({ dateFrom: "2025-01-10", dateTo: "2025-01-12" })).toBe(
      "dateFrom=2025-01-10&dateTo=2025-01-12",
    );
  });

  it("carries the requester's email and both amount forms", async () => {
    const [row] = (await listWithdrawals(testDb.db, { limit: 25, q: "wd_00" })).rows;
    expect(row).toMatchObject({ requestedByEmail: "requester@example.test", amount: "10", currency: "USDT" });
  });

  it("ignores a tampered cursor and bad params", async () => {
    expect(await orderIds({ cursor: "not-a-cursor" })).toEqual((await expectedOrder()).slice(0, 100));
    const params = parseWithdrawalListParams({ state: "nope", limit: "7", q: "  ", dir: "sideways" });
    expect(params).toEqual({ state: undefined, q: undefined, limit: 25, cursor: undefined, dir: undefined });
    expect(toWithdrawalListQuery({ state: "paid", q: "a b", limit: 50 })).toBe("state=paid&q=a+b&limit=50");
  });
});
