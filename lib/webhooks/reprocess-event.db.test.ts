import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, webhookEvents } from "@/lib/db/schema";
import type { ServiceClient } from "@/lib/service";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { storeWebhookEvent } from "./store-event";
import { parseWebhookBody, summariseWebhook } from "./payload";
import { processWebhookEvent } from "./process-event";
import { reprocessWebhookEvent } from "./reprocess-event";
import type { WebhookHandlers } from "./handler-types";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());
beforeEach(async () => {
  await testDb.db.delete(webhookEvents);
});

const admin = {
  kind: "user" as const,
  userId: "00000000-0000-4000-8000-000000000001",
  email: "a@example.com",
};
// An invoice for an order nobody has: the default handler answers "unknown order" without a call.
const client = {} as ServiceClient;

async function storeVerified(orderId: string, verified = true) {
  const rawBody = JSON.stringify({ type: "invoice", order_id: orderId, status: "paid" });
  const payload = parseWebhookBody(rawBody);
  return (
    await storeWebhookEvent(testDb.db, {
      rawBody,
      payload,
      verified,
      signingKey: verified ? "current" : null,
      signatureForm: verified ? "php" : "mismatch",
      summary: payload ? summariseWebhook(payload) : null,
    })
  ).id;
}

const failing: WebhookHandlers = {
  invoice: async () => {
    throw new Error("the service did not answer");
  },
};

const entriesFor = (id: string) => testDb.db.select().from(auditLog).where(eq(auditLog.objectId, id));

describe("processing a webhook again by hand", () => {
  it("processes a failed event now and records who asked", async () => {
    const id = await storeVerified("failed-once");
    await processWebhookEvent(testDb.db, client, id, failing);
    const result = await reprocessWebhookEvent(testDb.db, client, id, admin);
    // A paid report for an order Paydesk never made: a conflict on finance's worklist.
    expect(result.outcome).toBe("conflict");
    const [event] = await testDb.db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
    expect(event).toMatchObject({ outcome: "conflict", processAttempts: 2, nextProcessAt: null });
    const entries = await entriesFor(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "webhook.reprocessed",
      objectType: "webhook",
      actorId: admin.userId,
    });
  });

  it("refuses an event that took effect, or was never verified, and records nothing", async () => {
    const done = await storeVerified("done");
    await processWebhookEvent(testDb.db, client, done);
    const forged = await storeVerified("forged", false);
    for (const id of [done, forged]) {
      await expect(reprocessWebhookEvent(testDb.db, client, id, admin)).rejects.toThrow(/not taken effect/);
      expect(await entriesFor(id)).toEqual([]);
    }
  });
});
