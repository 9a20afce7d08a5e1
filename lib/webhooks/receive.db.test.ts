import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { invoiceEvents, invoices, webhookEvents } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { handleWebhookRequest } from "./handle-request";
import { createUnverifiedLimiter } from "./unverified-limiter";
import { FakeService, seedInvoice, signedWebhook, TEST_INVOICE_KEY } from "@/test-support/fake-service";

let testDb: TestDb;
let service: FakeService;
let pending: Promise<unknown>[];

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());
beforeEach(async () => {
  await testDb.db.delete(webhookEvents);
  await testDb.db.delete(invoices);
  service = new FakeService();
  pending = [];
});

async function post(body: string, init: { maxBodyBytes?: number } = {}) {
  const request = new Request("http://paydesk.test/api/webhooks/payments", { method: "POST", body });
  const response = await handleWebhookRequest(request, {
    db: testDb.db,
    client: service,
    invoiceKey: TEST_INVOICE_KEY,
    unverifiedLimiter: createUnverifiedLimiter(),
    afterResponse: (task) => pending.push(task()),
    maxBodyBytes: init.maxBodyBytes,
  });
  await Promise.all(pending);
  return response.status;
}

const storedEvents = () => testDb.db.select().from(webhookEvents);
const invoiceRow = async (orderId: string) =>
  (await testDb.db.select().from(invoices).where(eq(invoices.orderId, orderId)))[0];

function payload(orderId: string, extra: Record<string, unknown> = {}) {
  return { type: "invoice", invoice_id: `svc_${orderId}`, order_id: orderId, status: "paid", ...extra };
}

describe("receiving a payment webhook", () => {
  it("accepts the canonical php form, refreshes from the service and records what changed", async () => {
    await seedInvoice(testDb.db, "inv_a");
    service.set("svc_inv_a", {
      status: "paid",
      order_id: "inv_a",
      transactions: [{ txid: "t1", amount: "10" }],
    });
    const body = signedWebhook(payload("inv_a", { pay_url: "https://pay.example/x" }));
    expect(body).toContain("\\/"); // the php form escapes slashes, so it differs from the plain form

    expect(await post(body)).toBe(200);
    const [event] = await storedEvents();
    expect(event).toMatchObject({
      verified: true,
      signatureForm: "php",
      orderId: "inv_a",
      outcome: "refreshed",
    });
    expect(event?.outcomeDetail).toBe("waiting for payment → paid in full, 1 new payment");
    expect(await invoiceRow("inv_a")).toMatchObject({ serviceStatus: "paid", status: "paid" });
    const timeline = await testDb.db.select().from(invoiceEvents);
    expect(timeline.find((e) => e.kind === "webhook_received")?.detail).toEqual({
      webhookEventId: event?.id,
      reportedStatus: "paid",
      signatureForm: "php",
    });
  });

  it("accepts the plain and \\u-escaped variants and records which form matched", async () => {
    await seedInvoice(testDb.db, "inv_b");
    service.set("svc_inv_b", { status: "pending", order_id: "inv_b" });
    expect(await post(signedWebhook(payload("inv_b", { url: "a/b" }), TEST_INVOICE_KEY, "plain"))).toBe(200);

    const data = payload("inv_b", { note: "café" });
    const escaped = JSON.stringify(data).replace(
      /[\u0080-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
    );
    const sign = createHmac("sha256", TEST_INVOICE_KEY).update(escaped).digest("hex");
    expect(await post(`${escaped.slice(0, -1)},"sign":"${sign}"}`)).toBe(200);

    const forms = (await storedEvents()).map((e) => [e.signatureForm, e.outcome]).sort();
    expect(forms).toEqual([
      ["plain", "unchanged"],
      ["unicode-escaped", "unchanged"],
    ]);
  });

  it.each([
    ["a forged sign", () => signedWebhook(payload("inv_c")).replace(/"sign":"[0-9a-f]{4}/, '"sign":"0000')],
    ["a wrong key", () => signedWebhook(payload("inv_c"), "another-key")],
    ["a missing sign", () => JSON.stringify(payload("inv_c"))],
    ["an altered body", () => signedWebhook(payload("inv_c")).replace('"paid"', '"pending"')],
  ])("answers 401 to %s, stores it as unverified and changes nothing", async (_name, makeBody) => {
    await seedInvoice(testDb.db, "inv_c");
    service.set("svc_inv_c", { status: "paid", order_id: "inv_c" });
    expect(await post(makeBody())).toBe(401);
    const [event] = await storedEvents();
    expect(event).toMatchObject({ verified: false, outcome: "unverified", orderId: "inv_c" });
    expect(service.totalReads()).toBe(0);
    expect(await invoiceRow("inv_c")).toMatchObject({ serviceStatus: "pending" });
    expect(await testDb.db.select().from(invoiceEvents)).toEqual([]);
  });

  it("answers 400 to a truncated body and refreshes nothing", async () => {
    await seedInvoice(testDb.db, "inv_d");
    const body = signedWebhook(payload("inv_d"));
    expect(await post(body.slice(0, -10))).toBe(400);
    expect((await storedEvents())[0]).toMatchObject({ verified: false, signatureForm: "unparseable" });
    expect(service.totalReads()).toBe(0);
  });

  it("answers 413 to a body over the limit without storing or processing it", async () => {
    const body = signedWebhook(payload("inv_e", { padding: "x".repeat(2000) }));
    expect(await post(body, { maxBodyBytes: 1024 })).toBe(413);
    expect(await storedEvents()).toEqual([]);
  });

  it("stores a replayed body once (on its canonical signed form), counts it, and does not refresh again", async () => {
    await seedInvoice(testDb.db, "inv_f");
    service.set("svc_inv_f", { status: "paid", order_id: "inv_f" });
    const body = signedWebhook(payload("inv_f"));
    expect(await post(body)).toBe(200);
    expect(await post(body)).toBe(200);
    expect(await post(body)).toBe(200);
    const events = await storedEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ duplicates: 2, outcome: "refreshed" });
    expect(events[0]?.lastDuplicateAt).toBeInstanceOf(Date);
    expect(service.totalReads()).toBe(1);
    const timeline = await testDb.db.select().from(invoiceEvents);
    expect(timeline.filter((e) => e.kind === "webhook_received")).toHaveLength(1);
    expect(timeline.filter((e) => e.kind === "status_changed")).toHaveLength(1);
  });

  it("a burst arriving at once, repeats included, stores each distinct body once and refreshes each invoice", async () => {
    const orders = Array.from({ length: 12 }, (_, i) => `inv_burst_${i}`);
    for (const orderId of orders) {
      await seedInvoice(testDb.db, orderId);
      service.set(`svc_${orderId}`, { status: "paid", order_id: orderId });
    }
    const bodies = orders.map((orderId) => signedWebhook(payload(orderId)));
    const burst = [...bodies, bodies[0], bodies[0], bodies[5]] as string[];
    const request = (body: string) =>
      handleWebhookRequest(
        new Request("http://paydesk.test/api/webhooks/payments", { method: "POST", body }),
        {
          db: testDb.db,
          client: service,
          invoiceKey: TEST_INVOICE_KEY,
          unverifiedLimiter: createUnverifiedLimiter(),
          afterResponse: (task) => pending.push(task()),
        },
      );
    const statuses = (await Promise.all(burst.map(request))).map((response) => response.status);
    await Promise.all(pending);
    expect(statuses).toEqual(burst.map(() => 200));
    const events = await storedEvents();
    expect(events).toHaveLength(orders.length);
    expect(events.reduce((sum, event) => sum + event.duplicates, 0)).toBe(3);
    expect(events.every((event) => event.outcome === "refreshed")).toBe(true);
    for (const orderId of orders) expect((await invoiceRow(orderId))?.status).toBe("paid");
  });

  it("processes a verified repeat of a body that was stored unverified (the key was wrong then)", async () => {
    await seedInvoice(testDb.db, "inv_k");
    service.set("svc_inv_k", { status: "paid", order_id: "inv_k" });
    const body = signedWebhook(payload("inv_k"));
    const request = (key: string) =>
      handleWebhookRequest(
        new Request("http://paydesk.test/api/webhooks/payments", { method: "POST", body }),
        {
          db: testDb.db,
          client: service,
          invoiceKey: key,
          unverifiedLimiter: createUnverifiedLimiter(),
          afterResponse: (task) => pending.push(task()),
        },
      );
    expect((await request("a-wrong-key")).status).toBe(401);
    await Promise.all(pending);
    expect(service.totalReads()).toBe(0);

    expect(await post(body)).toBe(200);
    const [event] = await storedEvents();
    expect(event).toMatchObject({ verified: true, outcome: "refreshed", duplicates: 1 });
    expect((await invoiceRow("inv_k"))?.status).toBe("paid");
  });

  it("records an unknown order_id and a withdrawal without touching any invoice: both paid, both on finance's worklist", async () => {
    expect(await post(signedWebhook(payload("inv_nobody")))).toBe(200);
    const withdrawal = { type: "withdrawal", withdrawal_id: "w1", order_id: "wd_1", status: "paid" };
    expect(await post(signedWebhook(withdrawal))).toBe(200);
    const byOrder = Object.fromEntries((await storedEvents()).map((e) => [e.orderId, e]));
    expect(byOrder.inv_nobody).toMatchObject({ outcome: "conflict" });
    expect(byOrder.wd_1).toMatchObject({ outcome: "conflict", resourceType: "withdrawal" });
    expect(byOrder.wd_1?.outcomeDetail).toMatch(/No local withdrawal has this order_id/);
    // The service is asked what the unknown invoice holds; the withdrawal report says it itself.
    expect(service.totalReads()).toBe(1);
  });

  it("adopts an invoice whose creation answer was lost, using the verified invoice_id", async () => {
    await seedInvoice(testDb.db, "inv_h", { creationState: "sending", serviceId: null, serviceStatus: null });
    service.set("svc_inv_h", { status: "paid", order_id: "inv_h" });
    expect(await post(signedWebhook(payload("inv_h")))).toBe(200);
    expect((await storedEvents())[0]).toMatchObject({ outcome: "refreshed" });
    expect(await invoiceRow("inv_h")).toMatchObject({
      creationState: "created",
      serviceId: "svc_inv_h",
      status: "paid",
    });
  });

  it("records a failed refresh on the event", async () => {
    await seedInvoice(testDb.db, "inv_g"); // the fake service does not know svc_inv_g: 404
    expect(await post(signedWebhook(payload("inv_g")))).toBe(200);
    expect((await storedEvents())[0]).toMatchObject({ outcome: "failed" });
  });
});
