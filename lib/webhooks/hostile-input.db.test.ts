import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { invoiceEvents, invoices, webhookEvents, webhookRateLimits } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { FakeService, seedInvoice, signedWebhook, TEST_INVOICE_KEY } from "@/test-support/fake-service";
import { handleWebhookRequest, type WebhookRequestDeps } from "./handle-request";
import { UNVERIFIED_BODY_BYTES, UNVERIFIED_PER_ADDRESS } from "./limits";
import { listWebhookEvents } from "./list-events";
import { parseWebhookFilter } from "./list-filter";
import { createUnverifiedLimiter, postgresPoolOf, type UnverifiedLimiter } from "./unverified-limiter";

let testDb: TestDb;
let service: FakeService;
let limiter: UnverifiedLimiter;

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());
beforeEach(async () => {
  await testDb.db.delete(webhookEvents);
  await testDb.db.delete(invoiceEvents);
  await testDb.db.delete(invoices);
  await testDb.db.delete(webhookRateLimits);
  service = new FakeService();
  // On PostgreSQL, the limiter the server uses there: counters in the database.
  limiter = createUnverifiedLimiter({ pool: postgresPoolOf(testDb.db) });
});

async function post(body: string | Uint8Array<ArrayBuffer>, deps: Partial<WebhookRequestDeps> = {}) {
  const pending: Promise<unknown>[] = [];
  const request = new Request("http://paydesk.test/api/webhooks/payments", { method: "POST", body });
  const response = await handleWebhookRequest(request, {
    db: testDb.db,
    client: service,
    invoiceKey: TEST_INVOICE_KEY,
    clientAddress: "203.0.113.7",
    unverifiedLimiter: limiter,
    afterResponse: (task) => pending.push(task()),
    ...deps,
  });
  await Promise.all(pending);
  return response;
}

const storedEvents = () => testDb.db.select().from(webhookEvents);
const invoicePayload = (orderId: string, extra: Record<string, unknown> = {}) => ({
  type: "invoice",
  invoice_id: `svc_${orderId}`,
  order_id: orderId,
  status: "paid",
  ...extra,
});

describe("replays of a verified webhook", () => {
  it("stores a whitespace-altered replay as a repeat of the same event, refreshing once", async () => {
    await seedInvoice(testDb.db, "inv_ws");
    service.set("svc_inv_ws", { status: "paid", order_id: "inv_ws" });
    const body = signedWebhook(invoicePayload("inv_ws", { url: "https://pay.example/x" }));
    const spaced = body.replaceAll('":', '" : ').replaceAll(',"', ',\n  "').replace("{", "{\n  ");
    const escaped = body.replace("pay.example", "pay\\u002eexample");

    expect((await post(body)).status).toBe(200);
    expect((await post(spaced)).status).toBe(200);
    expect((await post(escaped)).status).toBe(200);
    expect((await post(body)).status).toBe(200);

    const events = await storedEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ rawBody: body, duplicates: 3, outcome: "refreshed" });
    expect(service.totalReads()).toBe(1);
  });

  it("answers 401 to a forged sign and changes nothing", async () => {
    await seedInvoice(testDb.db, "inv_forged");
    service.set("svc_inv_forged", { status: "paid", order_id: "inv_forged" });
    const forged = signedWebhook(invoicePayload("inv_forged")).replace(/"sign":"[0-9a-f]{4}/, '"sign":"ffff');
    expect((await post(forged)).status).toBe(401);
    expect(service.totalReads()).toBe(0);
    expect(await testDb.db.select().from(invoiceEvents)).toEqual([]);
    expect(await storedEvents()).toMatchObject([{ verified: false, outcome: "unverified" }]);
  });
});

describe("bodies that cannot be stored as text", () => {
  it.each([
    ["a raw NUL byte", () => Buffer.from('{"order_id":"a\0b","sign":"00"}', "utf8")],
    ["a NUL escaped in a string", () => '{"order_id":"a\\u0000b","sign":"00"}'],
    ["a NUL escaped in a key", () => '{"a\\u0000":"x","sign":"00"}'],
    ["an unpaired surrogate escaped", () => '{"order_id":"\\ud800","sign":"00"}'],
    ["invalid UTF-8", () => Uint8Array.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])],
    ["a truncated UTF-8 sequence", () => Uint8Array.from([0x7b, 0x22, 0xe2, 0x82, 0x22, 0x3a, 0x31, 0x7d])],
  ])("answers 400 to %s and stores nothing", async (_name, makeBody) => {
    const response = await post(makeBody());
    expect(response.status).toBe(400);
    expect(await storedEvents()).toEqual([]);
  });

  it("answers 413 to a body over the limit and stores nothing", async () => {
    const response = await post(signedWebhook(invoicePayload("inv_big", { pad: "x".repeat(600_000) })));
    expect(response.status).toBe(413);
    expect(await storedEvents()).toEqual([]);
  });

  it("never fails on arbitrary bytes or JSON: a 4xx, and whatever is stored is bounded", async () => {
    const bodies = fc.oneof(
      fc.uint8Array({ maxLength: 200 }),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc
        .dictionary(fc.string({ unit: "binary" }), fc.string({ unit: "binary" }))
        .map((o) => JSON.stringify(o)),
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const response = await post(body, { unverifiedLimiter: createUnverifiedLimiter() });
        expect([400, 401]).toContain(response.status);
      }),
      { numRuns: 150 },
    );
    const [bytes] = await testDb.db
      .select({ most: sql<number>`coalesce(max(octet_length(${webhookEvents.rawBody})), 0)::int` })
      .from(webhookEvents);
    expect(bytes?.most).toBeLessThanOrEqual(UNVERIFIED_BODY_BYTES);
  });
});

describe("a flood of unverified bodies", () => {
  it("stores a bounded, truncated sample and answers 429 to the rest; verified ones still pass", async () => {
    await seedInvoice(testDb.db, "inv_during");
    service.set("svc_inv_during", { status: "paid", order_id: "inv_during" });
    const addresses = ["198.51.100.1", "198.51.100.2", "2001:db8:1:2::1", "2001:db8:1:2::ffff"];
    const statuses = new Map<number, number>();
    let retryAfter: string | null = null;
    for (let i = 0; i < 2000; i++) {
      const body = JSON.stringify({ order_id: `flood_${i}`, pad: "é".repeat(5000), sign: "00" });
      const response = await post(body, { clientAddress: addresses[i % addresses.length] });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 429) retryAfter ??= response.headers.get("retry-after");
      if (i === 1000) {
        const verified = await post(signedWebhook(invoicePayload("inv_during")), {
          clientAddress: addresses[0],
        });
        expect(verified.status).toBe(200);
      }
    }

    // Two IPv6 addresses in one /64 count as one client: three clients in all.
    const admitted = 3 * UNVERIFIED_PER_ADDRESS.points;
    expect(statuses.get(401)).toBe(admitted);
    expect(statuses.get(429)).toBe(2000 - admitted);
    expect(Number(retryAfter)).toBeGreaterThan(0);

    const [totals] = await testDb.db
      .select({
        rows: sql<number>`count(*)::int`,
        stored: sql<number>`sum(octet_length(${webhookEvents.rawBody}))::int`,
        sizes: sql<number>`min(${webhookEvents.bodySize})::int`,
      })
      .from(webhookEvents)
      .where(sql`not ${webhookEvents.verified}`);
    expect(totals?.rows).toBe(admitted);
    expect(totals?.stored).toBeLessThanOrEqual(UNVERIFIED_BODY_BYTES * admitted);
    expect(totals?.sizes).toBeGreaterThan(10_000);
    const [invoice] = await testDb.db.select().from(invoices);
    expect(invoice?.status).toBe("paid");
  });
});

describe("rotating the invoice key", () => {
  it("verifies a webhook signed with the previous key only while it is configured, and says so", async () => {
    await seedInvoice(testDb.db, "inv_rot");
    service.set("svc_inv_rot", { status: "paid", order_id: "inv_rot" });
    const body = signedWebhook(invoicePayload("inv_rot"), "the-old-key");
    expect((await post(body)).status).toBe(401);
    const rotating = { previousInvoiceKey: "the-old-key" };
    expect((await post(body, rotating)).status).toBe(200);
    expect((await post(signedWebhook(invoicePayload("inv_rot", { n: 1 })), rotating)).status).toBe(200);

    const page = await listWebhookEvents(testDb.db, parseWebhookFilter({}));
    const byKey = page.rows.map((row) => [row.verified, row.signingKey, row.outcome]);
    expect(byKey).toEqual(
      expect.arrayContaining([
        [true, "previous", "refreshed"],
        [true, "current", "unchanged"],
      ]),
    );
    expect(page.rows).toHaveLength(2);
  });
});
