import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { invoices } from "@/lib/db/schema";
import { applyServiceInvoice } from "@/lib/invoices/apply-service-invoice";
import { invoiceResponseSchema } from "@/lib/service/responses";
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

const answer = (raw: Record<string, unknown>) => invoiceResponseSchema.parse(raw);
const silent = { warn: () => {}, info: () => {}, debug: () => {} };
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
    const loop = refresher();
    const report = await loop.runOnce();
    expect(report).toEqual({ claimed: 3, refreshed: 2, failed: 1 });
    // The System page shows what the service answered (lib/system).
    expect(loop.liveness().lastFailure?.message).toMatch(/^the service: \S/);
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

describe("issue 22: the lease, polling after expiry, the polling budget", () => {
  const paidLate = (orderId: string) => ({
    status: "paid",
    order_id: orderId,
    paid_crypto_amount: "10",
    paid_fiat_amount: "10",
    transactions: [{ txid: `late_${orderId}`, amount: "10" }],
  });

  it("leases a claimed invoice for longer than the client's worst-case call", async () => {
    service = new FakeService(130_000);
    await seedDue(1);
    const held = service.holdNextAnswer();
    const round = refresher().runOnce();
    await held.asked;
    const [row] = await testDb.db.select().from(invoices).where(eq(invoices.orderId, "inv_000"));
    held.release();
    await round;
    expect(row?.nextRefreshAt?.getTime()).toBeGreaterThan(Date.now() + 130_000);
  });

  it("still polls an expired invoice 2 hours after expiry, and sees the late payment", async () => {
    const expiresAt = new Date(Date.now() - 2 * 3_600_000);
    const { id } = await seedInvoice(testDb.db, "inv_late", { expiresAt });
    // The look shortly after expiry, as the loop makes it: the service says cancel (expired).
    await applyServiceInvoice(
      testDb.db,
      id,
      answer({
        id: "svc_inv_late",
        status: "cancel",
        order_id: "inv_late",
        expires_at: expiresAt.toISOString(),
      }),
      "loop",
      undefined,
      new Date(expiresAt.getTime() + 30_000),
    );
    service.set("svc_inv_late", { ...paidLate("inv_late"), expires_at: expiresAt.toISOString() });

    const report = await refresher().runOnce();
    expect(report.claimed).toBe(1);
    const [row] = await testDb.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row).toMatchObject({ status: "paid", paidCryptoAmount: "10", nextRefreshAt: null });
  });

  it("stops polling an expired invoice 3 days after expiry", async () => {
    const expiresAt = new Date(Date.now() - 3 * 24 * 3_600_000 - 60_000);
    const { id } = await seedInvoice(testDb.db, "inv_gone", { expiresAt });
    const expired = {
      id: "svc_inv_gone",
      status: "cancel",
      order_id: "inv_gone",
      expires_at: expiresAt.toISOString(),
    };
    await applyServiceInvoice(testDb.db, id, answer(expired), "loop");
    service.set("svc_inv_gone", { ...paidLate("inv_gone"), expires_at: expiresAt.toISOString() });

    expect((await refresher().runOnce()).claimed).toBe(0);
    const [row] = await testDb.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row).toMatchObject({ status: "expired", nextRefreshAt: null });
  });

  it("claims no more than the polling budget grants, oldest due first, even after a full batch", async () => {
    await seedDue(30);
    // A budget of 5 polls per second whose second never ends during the test (no clock in it).
    let left = 5;
    const pollBudget = {
      take: async (wanted: number) => {
        const granted = Math.min(wanted, left);
        left -= granted;
        return { granted, retryInMs: 1_000 };
      },
      giveBack: async (unused: number) => {
        left += unused;
      },
    };
    const loop = refresher({ pollBudget });
    expect((await loop.runOnce()).claimed).toBe(5);
    expect([...service.reads.keys()].sort()).toEqual([
      "svc_inv_000",
      "svc_inv_001",
      "svc_inv_002",
      "svc_inv_003",
      "svc_inv_004",
    ]);
    expect((await loop.runOnce()).claimed).toBe(0);

    left = 5; // the next second
    const smallBatches = refresher({ batchSize: 5, pollBudget });
    expect((await smallBatches.runOnce()).claimed).toBe(5);
    // A full batch starts the next round at once: the budget still says no.
    expect((await smallBatches.runOnce()).claimed).toBe(0);
    expect(service.reads.has("svc_inv_009")).toBe(true);
    expect(service.totalReads()).toBe(10);
  });
});
