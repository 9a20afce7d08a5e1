import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { webhookEvents } from "@/lib/db/schema";
import type { ServiceClient } from "@/lib/service";
import type { WebhookHandlers } from "@/lib/webhooks/handler-types";
import { processWebhookEvent } from "@/lib/webhooks/process-event";
import { batchedProcessing, isWaitingForBatch } from "@/lib/webhooks/batched-processing";
import { MAX_PROCESS_ATTEMPTS, PROCESS_GRACE_MS, PROCESS_LEASE_MS } from "@/lib/webhooks/process-policy";
import { parseWebhookBody, summariseWebhook } from "@/lib/webhooks/payload";
import { storeWebhookEvent } from "@/lib/webhooks/store-event";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { WebhookSweeper } from "./webhook-sweeper";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());
beforeEach(async () => {
  await testDb.db.delete(webhookEvents);
});

const client = {} as ServiceClient;
const MINUTE = 60_000;

/** A verified event as the receiver stores it, before its processing after the answer. */
async function storeVerified(orderId: string) {
  const rawBody = JSON.stringify({ type: "invoice", order_id: orderId, status: "paid" });
  const payload = parseWebhookBody(rawBody);
  const stored = await storeWebhookEvent(testDb.db, {
    rawBody,
    payload,
    verified: true,
    signingKey: "current",
    signatureForm: "php",
    summary: payload ? summariseWebhook(payload) : null,
  });
  return stored.id;
}

/** A handler that fails `failures` times, then refreshes; counts its calls per order id. */
function flakyHandlers(failures: number) {
  const calls = new Map<string, number>();
  const handlers: WebhookHandlers = {
    invoice: async ({ summary }) => {
      const n = (calls.get(summary.orderId ?? "") ?? 0) + 1;
      calls.set(summary.orderId ?? "", n);
      if (n <= failures) throw new Error("the service did not answer");
      return { outcome: "refreshed", detail: "Invoice refreshed." };
    },
  };
  return { handlers, calls };
}

const eventRow = async (id: string) =>
  (await testDb.db.select().from(webhookEvents).where(eq(webhookEvents.id, id)))[0];

describe("the webhook sweep", () => {
  it("leaves an event past its grace to this process's queue while the queue still has it", async () => {
    const id = await storeVerified("backlog");
    const { handlers, calls } = flakyHandlers(0);
    const later = new Date(Date.now() + PROCESS_GRACE_MS + 1_000);
    const queued = new Set([id]);
    const sweeper = new WebhookSweeper({
      db: testDb.db,
      client: () => client,
      handlers,
      now: () => later,
      waitingHere: (eventId) => queued.has(eventId),
    });
    expect(await sweeper.runOnce()).toEqual({ claimed: 0 });
    expect(calls.get("backlog")).toBeUndefined();
    expect(await eventRow(id)).toMatchObject({ outcome: "pending" });

    // The queue's process stopped: once the lease runs out, the sweep does it.
    queued.clear();
    const afterLease = new WebhookSweeper({
      db: testDb.db,
      client: () => client,
      handlers,
      now: () => new Date(later.getTime() + PROCESS_LEASE_MS + 1_000),
    });
    expect(await afterLease.runOnce()).toEqual({ claimed: 1 });
    expect(await eventRow(id)).toMatchObject({ outcome: "refreshed", processAttempts: 1 });
  });

  it("knows what the receiver's queue holds in this process", async () => {
    const id = await storeVerified("queued-here");
    const task = batchedProcessing(testDb.db, client, { id }, flakyHandlers(0).handlers);
    expect(isWaitingForBatch(testDb.db, id)).toBe(true);
    await task();
    expect(isWaitingForBatch(testDb.db, id)).toBe(false);
  });

  it("completes an event whose process stopped between the answer and its processing", async () => {
    const id = await storeVerified("cut-off");
    const { handlers, calls } = flakyHandlers(0);
    // Within the grace the processing after the answer may still be running: left alone.
    const early = new WebhookSweeper({
      db: testDb.db,
      client: () => client,
      handlers,
      now: () => new Date(),
    });
    expect(await early.runOnce()).toEqual({ claimed: 0 });
    const later = new Date(Date.now() + PROCESS_GRACE_MS + 1_000);
    const sweeper = new WebhookSweeper({ db: testDb.db, client: () => client, handlers, now: () => later });
    expect(await sweeper.runOnce()).toEqual({ claimed: 1 });
    expect(await eventRow(id)).toMatchObject({
      outcome: "refreshed",
      processAttempts: 1,
      nextProcessAt: null,
    });
    expect(calls.get("cut-off")).toBe(1);
    expect(await sweeper.runOnce()).toEqual({ claimed: 0 });
  });

  it("takes up what a stopped process left due within seconds of starting, not a whole interval later", async () => {
    const id = await storeVerified("left-by-a-restart");
    const { handlers } = flakyHandlers(0);
    const later = new Date(Date.now() + PROCESS_GRACE_MS + 1_000);
    const sweeper = new WebhookSweeper({ db: testDb.db, client: () => client, handlers, now: () => later });
    sweeper.start();
    try {
      await expect.poll(async () => (await eventRow(id))?.outcome, { timeout: 5_000 }).toBe("refreshed");
    } finally {
      await sweeper.stop();
    }
  });

  it("retries failed processing with growing waits, keeping the error, until it takes effect", async () => {
    const id = await storeVerified("flaky");
    const { handlers } = flakyHandlers(2);
    await processWebhookEvent(testDb.db, client, id, handlers);
    const failed = await eventRow(id);
    expect(failed).toMatchObject({ outcome: "failed", processAttempts: 1 });
    expect(failed?.outcomeDetail).toContain("the service did not answer");
    const firstWait = (failed?.nextProcessAt?.getTime() ?? 0) - (failed?.processedAt?.getTime() ?? 0);
    expect(firstWait).toBe(MINUTE);

    let now = new Date((failed?.nextProcessAt?.getTime() ?? 0) - 1);
    const sweeper = new WebhookSweeper({ db: testDb.db, client: () => client, handlers, now: () => now });
    expect(await sweeper.runOnce()).toEqual({ claimed: 0 });
    now = new Date((failed?.nextProcessAt?.getTime() ?? 0) + 1);
    expect(await sweeper.runOnce()).toEqual({ claimed: 1 });
    const again = await eventRow(id);
    expect(again).toMatchObject({ outcome: "failed", processAttempts: 2 });
    expect((again?.nextProcessAt?.getTime() ?? 0) - (again?.processedAt?.getTime() ?? 0)).toBe(2 * MINUTE);

    now = new Date(Date.now() + 10 * MINUTE);
    expect(await sweeper.runOnce()).toEqual({ claimed: 1 });
    expect(await eventRow(id)).toMatchObject({
      outcome: "refreshed",
      processAttempts: 3,
      nextProcessAt: null,
    });
  });

  it("gives up after the last attempt and leaves the event failed for a person to look at", async () => {
    const id = await storeVerified("hopeless");
    const { handlers, calls } = flakyHandlers(Number.POSITIVE_INFINITY);
    await processWebhookEvent(testDb.db, client, id, handlers);
    let now = new Date();
    const sweeper = new WebhookSweeper({ db: testDb.db, client: () => client, handlers, now: () => now });
    for (let round = 0; round < MAX_PROCESS_ATTEMPTS + 2; round++) {
      now = new Date(now.getTime() + 2 * 60 * MINUTE);
      await sweeper.runOnce();
    }
    expect(calls.get("hopeless")).toBe(MAX_PROCESS_ATTEMPTS);
    expect(await eventRow(id)).toMatchObject({
      outcome: "failed",
      processAttempts: MAX_PROCESS_ATTEMPTS,
      nextProcessAt: null,
    });
  });

  it("never takes an event another instance has claimed and is still working on", async () => {
    const id = await storeVerified("leased");
    const { handlers, calls } = flakyHandlers(0);
    const later = new Date(Date.now() + PROCESS_GRACE_MS + 1_000);
    let release: () => void = () => {};
    const slow: WebhookHandlers = {
      invoice: async (context) => {
        await new Promise<void>((resolve) => (release = resolve));
        const refresh = handlers.invoice;
        if (!refresh) throw new Error("no invoice handler");
        return refresh(context);
      },
    };
    const first = new WebhookSweeper({
      db: testDb.db,
      client: () => client,
      handlers: slow,
      now: () => later,
    });
    const second = new WebhookSweeper({ db: testDb.db, client: () => client, handlers, now: () => later });
    const running = first.runOnce();
    await expect
      .poll(async () => (await eventRow(id))?.nextProcessAt?.getTime())
      .toBeGreaterThan(later.getTime());
    expect(await second.runOnce()).toEqual({ claimed: 0 });
    release();
    expect(await running).toEqual({ claimed: 1 });
    expect(calls.get("leased")).toBe(1);
  });
});
