import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { seedRequester, seedWithdrawal } from "@/test-support/withdrawal-rows";
import { toWithdrawalViews } from "./withdrawal-view";

let testDb: TestDb;
let requester: string;
beforeAll(async () => {
  testDb = await createTestDb();
  requester = await seedRequester(testDb.db);
});
afterAll(() => testDb.close());

async function newAddressShown(state: "awaiting_approval" | "paid", address: string) {
  const withdrawal = await seedWithdrawal(testDb.db, requester, {
    orderId: `wd_badge_${state}_${address}`,
    state,
    address,
    serviceId: state === "paid" ? `svc-${address}` : null,
    serviceStatus: state === "paid" ? "paid" : null,
  });
  const [view] = await toWithdrawalViews(testDb.db, [{ withdrawal, requester: null }], {
    id: requester,
    role: "finance",
  });
  return view?.newAddress;
}

describe("the first-payout warning", () => {
  it("shows on a request to an address never paid, and not on that payout once it is paid", async () => {
    expect(await newAddressShown("awaiting_approval", "TFirstPayoutAddress0000000000000001")).toBe(true);
    expect(await newAddressShown("paid", "TFirstPayoutAddress0000000000000002")).toBe(false);
  });
});
