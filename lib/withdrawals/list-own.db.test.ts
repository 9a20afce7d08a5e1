import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertWithdrawals, seedRequester } from "@/test-support/withdrawal-rows";
import { parseWithdrawalListParams, withdrawalFilterFor } from "./list-filter";
import { listWithdrawals } from "./list-withdrawals";

let testDb: TestDb;
let ana: string;
let bob: string;
beforeAll(async () => {
  testDb = await createTestDb();
  ana = await seedRequester(testDb.db);
  bob = await seedRequester(testDb.db);
  await insertWithdrawals(testDb.db, ana, [
    { orderId: "wd_ana_1", createdAt: "2025-01-01T10:00:00Z" },
    { orderId: "wd_ana_2", createdAt: "2025-01-01T12:00:00Z" },
  ]);
  await insertWithdrawals(testDb.db, bob, [{ orderId: "wd_bob_1", createdAt: "2025-01-01T11:00:00Z" }]);
});
afterAll(() => testDb.close());

const orderIds = async (raw: Record<string, string>, viewer: string) => {
  const params = parseWithdrawalListParams(raw);
  const page = await listWithdrawals(testDb.db, {
    ...withdrawalFilterFor(params, { id: viewer, timeZone: "UTC" }),
    limit: params.limit,
  });
  return page.rows.map((row) => row.orderId);
};

describe("the withdrawal list's 'requested by me'", () => {
  it("shows the viewer's own requests only, newest first; without it, everyone's", async () => {
    expect(await orderIds({ mine: "1" }, ana)).toEqual(["wd_ana_2", "wd_ana_1"]);
    expect(await orderIds({ mine: "1" }, bob)).toEqual(["wd_bob_1"]);
    expect(await orderIds({}, bob)).toHaveLength(3);
    expect(await orderIds({ mine: "yes" }, bob)).toHaveLength(3);
  });
});
