import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { webhookEvents } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { WebhookPruner } from "./webhook-pruner";

let testDb: TestDb;

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());
beforeEach(async () => {
  await testDb.db.delete(webhookEvents);
});

const NOW = new Date("2026-03-10T12:00:00.000Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

async function seed(name: string, verified: boolean, receivedAt: Date) {
  await testDb.db.insert(webhookEvents).values({
    bodySha256: name,
    rawBody: `{"name":"${name}"}`,
    verified,
    outcome: verified ? "refreshed" : "unverified",
    receivedAt,
  });
}

const remaining = async () =>
  (await testDb.db.select({ name: webhookEvents.bodySha256 }).from(webhookEvents)).map((r) => r.name).sort();

describe("pruning webhook events", () => {
  it("deletes unverified events past the retention, keeping recent and verified ones", async () => {
    await seed("old-unverified", false, daysAgo(8));
    await seed("older-unverified", false, daysAgo(30));
    await seed("recent-unverified", false, daysAgo(6));
    await seed("old-verified", true, daysAgo(400));
    const pruner = new WebhookPruner({ db: testDb.db, retentionDays: 7, now: () => NOW });
    expect(await pruner.runOnce()).toEqual({ deleted: 2 });
    expect(await remaining()).toEqual(["old-verified", "recent-unverified"]);
  });

  it("keeps at most the newest N unverified events, a batch per round", async () => {
    for (let i = 0; i < 7; i++) await seed(`u${i}`, false, daysAgo(1 + i / 100));
    await seed("verified", true, daysAgo(2));
    const pruner = new WebhookPruner({ db: testDb.db, maxEvents: 3, batchSize: 2, now: () => NOW });
    expect(await pruner.runOnce()).toEqual({ deleted: 2 });
    expect(await pruner.runOnce()).toEqual({ deleted: 2 });
    expect(await pruner.runOnce()).toEqual({ deleted: 0 });
    expect(await remaining()).toEqual(["u0", "u1", "u2", "verified"]);
  });

  it("logs a failure and reports nothing deleted instead of rejecting", async () => {
    const errors: unknown[] = [];
    const broken = { delete: () => Promise.reject(new Error("db down")) } as unknown as TestDb["db"];
    const log = { warn: (...args: unknown[]) => errors.push(args), info: () => {}, debug: () => {} };
    const pruner = new WebhookPruner({ db: broken, log });
    expect(await pruner.runOnce()).toEqual({ deleted: 0 });
    expect(errors).toHaveLength(1);
    // What the System page shows of it (lib/system): the logged error's message.
    const [[{ err: logged }]] = errors as [[{ err: Error }]];
    expect(pruner.liveness().lastFailure).toEqual({ at: expect.any(Number), message: logged.message });
  });
});
