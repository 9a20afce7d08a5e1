import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { withdrawals } from "@/lib/db/schema";
import { createTestDb, openSecondInstanceDb, type TestDb } from "@/test-support/test-db";
import { Unavailable, type ServiceClient } from "@/lib/service";
import type { CreateWithdrawalInput } from "@/lib/service/schemas";
import { withdrawalResponseSchema } from "@/lib/service/responses";
import { insertWithdrawals, seedRequester } from "@/test-support/withdrawal-rows";
import { WithdrawalResubmitter } from "./withdrawal-resubmitter";

/** A service that records every createWithdrawal by order_id and answers after a delay. */
class FakeWithdrawalService implements ServiceClient {
  readonly callBudgetMs = 10_000;
  readonly calls = new Map<string, number>();
  delayMs = 10;
  status = "process";
  failWith: Error | null = null;

  totalCalls() {
    return [...this.calls.values()].reduce((sum, count) => sum + count, 0);
  }

  async createWithdrawal(input: CreateWithdrawalInput) {
    this.calls.set(input.orderId, (this.calls.get(input.orderId) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failWith) throw this.failWith;
    return withdrawalResponseSchema.parse({
      id: `svc_${input.orderId}`,
      status: this.status,
      amount: input.amount ?? "1",
      order_id: input.orderId,
      currency: input.currency,
      network: input.network,
      address: input.address,
    });
  }

  createInvoice(): never {
    throw new Error("not used");
  }
  getInvoice(): never {
    throw new Error("not used");
  }
  checkConnection(): never {
    throw new Error("not used");
  }
}

let testDb: TestDb;
let requester: string;
let service: FakeWithdrawalService;
const silent = { warn: () => {}, info: () => {}, debug: () => {} };
const resubmitter = (batchSize = 100, db = testDb.db) =>
  new WithdrawalResubmitter({ db, client: () => service, batchSize, log: silent });

beforeAll(async () => {
  testDb = await createTestDb();
  requester = await seedRequester(testDb.db);
});
afterAll(() => testDb.close());
beforeEach(async () => {
  await testDb.db.delete(withdrawals);
  service = new FakeWithdrawalService();
});

const unknownRows = (count: number, prefix = "wd_u") =>
  Array.from({ length: count }, (_, i) => ({
    orderId: `${prefix}${i}`,
    state: "unknown" as const,
    nextSubmitAt: new Date(Date.now() - 1_000 - i),
  }));
const stateOf = async (orderId: string) =>
  (await testDb.db.select().from(withdrawals).where(eq(withdrawals.orderId, orderId)))[0]?.state;

describe(`withdrawal resubmitter (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("two resubmitters running at once send each due withdrawal exactly once", async () => {
    await insertWithdrawals(testDb.db, requester, unknownRows(30));
    const other = await openSecondInstanceDb(testDb);
    const [a, b] = await Promise.all([resubmitter().runOnce(), resubmitter(100, other.db).runOnce()]).finally(
      () => other.close(),
    );
    expect(service.calls.size).toBe(30);
    expect(service.totalCalls()).toBe(30);
    expect(a.submitted + b.submitted).toBe(30);
    const rows = await testDb.db.select().from(withdrawals);
    expect(rows.every((row) => row.state === "submitted" && row.submitAttempts === 1)).toBe(true);

    const again = await Promise.all([resubmitter().runOnce(), resubmitter().runOnce()]);
    expect(again.map((report) => report.due)).toEqual([0, 0]);
    expect(service.totalCalls()).toBe(30);
  });

  it("leaves withdrawals that are not due, or not unknown, alone", async () => {
    await insertWithdrawals(testDb.db, requester, [
      { orderId: "wd_later", state: "unknown", nextSubmitAt: new Date(Date.now() + 60_000) },
      { orderId: "wd_approved", state: "approved" },
      { orderId: "wd_sent", state: "submitted", serviceStatus: "process" },
    ]);
    const report = await resubmitter().runOnce();
    expect(report).toMatchObject({ due: 0, settled: 0 });
    expect(service.totalCalls()).toBe(0);
  });

  it("keeps an unknown outcome unknown, with a later attempt, while the service is down", async () => {
    await insertWithdrawals(testDb.db, requester, unknownRows(2));
    service.failWith = new Unavailable("server_error", "503");
    const report = await resubmitter().runOnce();
    expect(report).toMatchObject({ due: 2, unknown: 2 });
    const rows = await testDb.db.select().from(withdrawals);
    expect(
      rows.every((row) => row.state === "unknown" && (row.nextSubmitAt?.getTime() ?? 0) > Date.now()),
    ).toBe(true);
  });

  it("settles a resubmit answered 'paid', and a final status that arrived in flight", async () => {
    await insertWithdrawals(testDb.db, requester, [
      ...unknownRows(1, "wd_done"),
      { orderId: "wd_flight", state: "submitted", serviceId: "svc_x", serviceStatus: "fail" },
    ]);
    service.status = "paid";
    const report = await resubmitter().runOnce();
    // The resubmit's own answer settles it at once; the stored final status is settled by the round.
    expect(report).toMatchObject({ due: 1, submitted: 1, settled: 1 });
    expect(await stateOf("wd_done0")).toBe("paid");
    expect(await stateOf("wd_flight")).toBe("service_failed");
  });

  it("start and stop: stop waits for the round in progress", async () => {
    await insertWithdrawals(testDb.db, requester, unknownRows(3));
    service.delayMs = 30;
    const loop = new WithdrawalResubmitter({
      db: testDb.db,
      client: () => service,
      intervalMs: 5,
      log: silent,
    });
    loop.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await loop.stop();
    const calls = service.totalCalls();
    expect(calls).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(service.totalCalls()).toBe(calls);
    expect((await testDb.db.select().from(withdrawals)).some((row) => row.state === "submitting")).toBe(
      false,
    );
  });
});
