import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { invoiceEvents, invoices, webhookEvents } from "@/lib/db/schema";
import { FakeService, seedInvoice } from "@/test-support/fake-service";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { parseWebhookBody, summariseWebhook } from "./payload";
import { processWebhookEvent } from "./process-event";
import { processWebhookEvents } from "./process-events";
import { PENDING_OUTCOME, storeWebhookEvent } from "./store-event";

/**
 * An invoice's timeline has one "webhook received" entry per stored delivery, however often that
 * delivery is processed: again after its refresh failed, again by the sweep after a stop came
 * between its entry and its outcome, by two paths at once.
 */
let testDb: TestDb;
let service: FakeService;

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());
beforeEach(async () => {
  await testDb.db.delete(webhookEvents);
  await testDb.db.delete(invoiceEvents);
  await testDb.db.delete(invoices);
  service = new FakeService();
});

async function storeDelivery(orderId: string, status = "paid"): Promise<string> {
  const rawBody = JSON.stringify({
    type: "invoice",
    invoice_id: `svc_${orderId}`,
    order_id: orderId,
    status,
  });
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

async function receivedEntries(orderId: string) {
  const [invoice] = await testDb.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return testDb.db
    .select()
    .from(invoiceEvents)
    .where(and(eq(invoiceEvents.invoiceId, invoice?.id ?? ""), eq(invoiceEvents.kind, "webhook_received")));
}

/** As the sweep finds an event whose processing a stop cut short: its entry written, no outcome yet. */
async function leftPending(eventId: string) {
  await testDb.db
    .update(webhookEvents)
    .set({ outcome: PENDING_OUTCOME, processedAt: null })
    .where(eq(webhookEvents.id, eventId));
}

describe("the 'webhook received' entry", () => {
  it("is written once when the sweep processes again a delivery a stop cut short, alone or in a batch", async () => {
    await seedInvoice(testDb.db, "inv_cut");
    service.set("svc_inv_cut", { status: "paid", order_id: "inv_cut" });
    const id = await storeDelivery("inv_cut");

    await processWebhookEvents(testDb.db, service, [{ id }]);
    await leftPending(id);
    await processWebhookEvents(testDb.db, service, [{ id }]);
    await leftPending(id);
    await processWebhookEvent(testDb.db, service, id);

    const entries = await receivedEntries("inv_cut");
    expect(entries).toHaveLength(1);
    expect(entries[0]?.detail).toMatchObject({ webhookEventId: id, reportedStatus: "paid" });
    const [event] = await testDb.db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
    expect(event?.outcome).toBe("unchanged"); // processed, the second time with nothing new
  });

  it("is written once when a delivery whose refresh failed is tried again and succeeds", async () => {
    await seedInvoice(testDb.db, "inv_retried");
    const id = await storeDelivery("inv_retried");

    await processWebhookEvent(testDb.db, service, id); // the service does not know it yet: fails
    const [failed] = await testDb.db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
    expect(failed?.outcome).toBe("failed");
    service.set("svc_inv_retried", { status: "paid", order_id: "inv_retried" });
    await testDb.db.update(webhookEvents).set({ outcome: PENDING_OUTCOME }).where(eq(webhookEvents.id, id));
    await processWebhookEvents(testDb.db, service, [{ id }]);

    expect(await receivedEntries("inv_retried")).toHaveLength(1);
    const [invoice] = await testDb.db.select().from(invoices).where(eq(invoices.orderId, "inv_retried"));
    expect(invoice?.serviceStatus).toBe("paid");
  });

  it("is written once when the same delivery is processed by both paths at the same time", async () => {
    await seedInvoice(testDb.db, "inv_raced");
    service.set("svc_inv_raced", { status: "paid", order_id: "inv_raced" });
    service.delayMs = 20;
    const id = await storeDelivery("inv_raced");

    await Promise.all([
      processWebhookEvent(testDb.db, service, id),
      processWebhookEvents(testDb.db, service, [{ id }]),
      processWebhookEvents(testDb.db, service, [{ id }, { id }]),
    ]);

    expect(await receivedEntries("inv_raced")).toHaveLength(1);
  });

  it("is one per delivery: two deliveries about one invoice are two entries", async () => {
    await seedInvoice(testDb.db, "inv_two");
    service.set("svc_inv_two", { status: "paid", order_id: "inv_two" });
    const first = await storeDelivery("inv_two", "pending");
    const second = await storeDelivery("inv_two", "paid");

    await processWebhookEvents(testDb.db, service, [{ id: first }, { id: second }]);
    await leftPending(second);
    await processWebhookEvent(testDb.db, service, second);

    const entries = await receivedEntries("inv_two");
    expect(
      entries.map((entry) => (entry.detail as { webhookEventId: string }).webhookEventId).sort(),
    ).toEqual([first, second].sort());
  });
});
