import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { invoices } from "@/lib/db/schema";
import { createTestDb, openSecondInstanceDb, type TestDb } from "@/test-support/test-db";
import { FakeService, seedInvoice } from "@/test-support/fake-service";
import { InvoiceRefresher, type InvoiceRefresherOptions } from "./invoice-refresher";

let testDb: TestDb;
let service: FakeService;

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());
beforeEach(async () => {
  await testDb.db.delete(invoices);
  service = new FakeService();
});

const silent = { error: () => {}, info: () => {} };
const refresher = (options: Partial<InvoiceRefresherOptions> = {}) =>
  new InvoiceRefresher({ db: testDb.db, client: () => service, log: silent, ...options });

async function seedDue(count: number) {
  for (let i = 0; i < count; i++) {
    const orderId = `inv_${String(i).padStart(3, "0")}`;
    await seedInvoice(testDb.db, orderId, { nextRefreshAt: new Date(Date.now() - 60_000 + i) });
    service.set(`svc_${orderId}`, { status: "pending", order_id: orderId });
  }
}

describe(`invoice refresher (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("two instances running a round at the same time refresh each due invoice exactly once", async () => {
    await seedDue(30);
    service.delayMs = 15;
    const other = await openSecondInstanceDb(testDb);
    const [a, b] = await Promise.all([refresher().runOnce(), refresher({ db: other.db }).runOnce()]).finally(
      () => other.close(),
    );
    expect(a.claimed + b.claimed).toBe(30);
    expect(a.refreshed + b.refreshed).toBe(30);
    expect(service.reads.size).toBe(30);
    expect([...service.reads.values()].every((count) => count === 1)).toBe(true);

    const again = await Promise.all([refresher().runOnce(), refresher().runOnce()]);
    expect(again.map((r) => r.claimed)).toEqual([0, 0]);
  });

  it("shares a backlog larger than one batch between instances without overlap", async () => {
    await seedDue(25);
    service.delayMs = 5;
    const instances = [refresher({ batchSize: 4 }), refresher({ batchSize: 4 }), refresher({ batchSize: 4 })];
    for (let round = 0; round < 10; round++) {
      const reports = await Promise.all(instances.map((instance) => instance.runOnce()));
      if (reports.every((r) => r.claimed === 0)) break;
    }
    expect(service.reads.size).toBe(25);
    expect(service.totalReads()).toBe(25);
  });

  it("takes the oldest-due first, and only confirmed invoices that are due", async () => {
    await seedDue(5);
    await seedInvoice(testDb.db, "inv_sending", { creationState: "sending", serviceId: null });
    await seedInvoice(testDb.db, "inv_final", { nextRefreshAt: null, isFinal: true });
    await seedInvoice(testDb.db, "inv_later", { nextRefreshAt: new Date(Date.now() + 60_000) });
    const report = await refresher({ batchSize: 2 }).runOnce();
    expect(report.claimed).toBe(2);
    expect([...service.reads.keys()].sort()).toEqual(["svc_inv_000", "svc_inv_001"]);
  });

  it("stops polling an invoice once the service reports it final", async () => {
    await seedInvoice(testDb.db, "inv_x");
    service.set("svc_inv_x", { status: "cancel", order_id: "inv_x" });
    await refresher().runOnce();
    const [row] = await testDb.db.select().from(invoices).where(eq(invoices.orderId, "inv_x"));
    expect(row).toMatchObject({ status: "expired", isFinal: true, nextRefreshAt: null });
  });

  it("backs off an invoice whose refresh fails, and keeps going with the others", async () => {
    await seedDue(3);
    service.records.delete("svc_inv_001");
    const report = await refresher().runOnce();
    expect(report).toEqual({ claimed: 3, refreshed: 2, failed: 1 });
    const [row] = await testDb.db.select().from(invoices).where(eq(invoices.orderId, "inv_001"));
    expect(row?.refreshFailures).toBe(1);
    expect(row?.nextRefreshAt?.getTime()).toBeGreaterThan(Date.now());
  });

  it("stop() waits for the round in progress", async () => {
    await seedDue(4);
    service.delayMs = 50;
    const instance = refresher({ intervalMs: 1 });
    instance.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await instance.stop();
    const done = service.totalReads();
    expect(done).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(service.totalReads()).toBe(done);
  });

  // PGlite runs one transaction at a time, so a held lock would block the claim instead of being skipped.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "skips rows another instance holds instead of waiting",
    async () => {
      await seedDue(6);
      const locked = ["inv_000", "inv_001"];
      const report = await testDb.db.transaction(async (tx) => {
        await tx.select().from(invoices).where(inArray(invoices.orderId, locked)).for("update");
        return refresher().runOnce();
      });
      expect(report.claimed).toBe(4);
      expect(service.reads.has("svc_inv_000")).toBe(false);
      expect(service.reads.has("svc_inv_002")).toBe(true);
    },
  );
});
