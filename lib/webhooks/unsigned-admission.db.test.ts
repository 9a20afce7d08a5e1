import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { webhookEvents } from "@/lib/db/schema";
import { parseLosslessJson } from "@/lib/service/json";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { FakeService, signedWebhook, TEST_INVOICE_KEY } from "@/test-support/fake-service";
import { handleWebhookRequest } from "./handle-request";
import { createUnverifiedLimiter, type UnverifiedLimiter } from "./unverified-limiter";

// Counts the lossless parses (what a body costs: 0.05–0.3 s for 450 KB), without changing them.
vi.mock("@/lib/service/json", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/service/json")>();
  return { ...original, parseLosslessJson: vi.fn(original.parseLosslessJson) };
});
const parses = vi.mocked(parseLosslessJson);

let testDb: TestDb;
let service: FakeService;
let limiter: UnverifiedLimiter;
let addresses = 0;

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());
beforeEach(async () => {
  await testDb.db.delete(webhookEvents);
  service = new FakeService();
  limiter = createUnverifiedLimiter();
  parses.mockClear();
});

/** An address no other test has used: the budget of parse work is per address and per process. */
const freshAddress = () => `198.51.100.${++addresses}`;

async function post(body: string, clientAddress: string) {
  const pending: Promise<unknown>[] = [];
  const request = new Request("http://paydesk.test/api/webhooks/payments", { method: "POST", body });
  const response = await handleWebhookRequest(request, {
    db: testDb.db,
    client: service,
    invoiceKey: TEST_INVOICE_KEY,
    clientAddress,
    unverifiedLimiter: limiter,
    afterResponse: (task) => pending.push(task()),
  });
  await Promise.all(pending);
  return response;
}

const zeros = (count: number) => `[${new Array(count).fill("0").join(",")}]`;
/** About 450 KB each, under the 512 KB read limit. */
const floods = {
  "a JSON array": zeros(225_000),
  "an object ending in a sign of 64 hex digits": `{"pad":${zeros(225_000)},"sign":"${"ab".repeat(32)}"}`,
};
const invoicePayload = (orderId: string, extra: Record<string, unknown> = {}) => ({
  type: "invoice",
  invoice_id: `svc_${orderId}`,
  order_id: orderId,
  status: "paid",
  ...extra,
});
/** A signed body re-encoded on the way (spaces added): it verifies only once parsed. */
const reEncoded = (body: string) => body.replaceAll('":', '" : ').replaceAll(',"', ', "');
const storedVerified = async () =>
  (await testDb.db.select().from(webhookEvents))
    .filter((event) => event.verified)
    .map((event) => event.orderId);

describe("issue 23 finding 5: unsigned webhook bodies are admitted before they are parsed", () => {
  it.each(Object.entries(floods))(
    "refuses a flood of %s from one address with 429 before parsing it; signed webhooks in the middle of it are stored",
    async (_shape, body) => {
      const flooder = freshAddress();
      const serviceAddress = freshAddress();
      const statuses: number[] = [];
      let retryAfter: string | null = null;
      let parsedFlood = 0;
      for (let i = 0; i < 40; i++) {
        const before = parses.mock.calls.length;
        const response = await post(body, flooder);
        parsedFlood += parses.mock.calls.length - before;
        statuses.push(response.status);
        if (response.status === 429) retryAfter ??= response.headers.get("retry-after");
        if (i === 20) {
          // The service's own address, as it signs (sign last), and re-encoded on the way.
          expect((await post(signedWebhook(invoicePayload("during_a")), serviceAddress)).status).toBe(200);
          expect(
            (await post(reEncoded(signedWebhook(invoicePayload("during_b"))), serviceAddress)).status,
          ).toBe(200);
          // From the flooding address itself: a body signed as sent is known genuine before parsing.
          expect((await post(signedWebhook(invoicePayload("during_c")), flooder)).status).toBe(200);
        }
      }

      const refused = statuses.filter((status) => status === 429).length;
      // Every refusal came before the parse: only the bodies answered otherwise were parsed.
      expect(parsedFlood).toBe(40 - refused);
      expect(refused).toBeGreaterThanOrEqual(37);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(Number(retryAfter)).toBeLessThanOrEqual(60);
      expect((await storedVerified()).sort()).toEqual(["during_a", "during_b", "during_c"]);
    },
  );

  it("never refuses a signed webhook for its own size or number: what verifies costs its address nothing", async () => {
    const serviceAddress = freshAddress();
    // Twelve webhooks of 300 KB (additional_data may hold 255 KB), 3.6 MB from one address.
    const bodies = Array.from({ length: 12 }, (_, i) =>
      signedWebhook(invoicePayload(`big_${i}`, { additional_data: { note: "ü".repeat(150_000) } })),
    );
    for (const [i, body] of bodies.entries()) {
      const response = await post(i % 2 ? reEncoded(body) : body, serviceAddress);
      expect(response.status).toBe(200);
    }
    expect(await storedVerified()).toHaveLength(12);
    // Once parsed and verified they were given back: the address may still send a large unsigned body.
    expect((await post(floods["a JSON array"], serviceAddress)).status).toBe(400);
  });
});
