import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookEvents } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { FakeService, seedInvoice, signedWebhook, TEST_INVOICE_KEY } from "@/test-support/fake-service";
import { createTestDb, openSecondInstanceDb, type TestDb } from "@/test-support/test-db";
import type { HandlerResult } from "./handler-types";
import { handleWebhookRequest } from "./handle-request";
import { createUnverifiedLimiter } from "./unverified-limiter";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

/** One Paydesk instance's receiver on `db`, counting the refreshes its handler runs. */
function instance(db: Db, refreshes: string[]) {
  return async (body: string) => {
    const pending: Promise<unknown>[] = [];
    const response = await handleWebhookRequest(
      new Request("http://paydesk.test/api/webhooks/payments", { method: "POST", body }),
      {
        db,
        client: new FakeService(),
        invoiceKey: TEST_INVOICE_KEY,
        clientAddress: "203.0.113.9",
        unverifiedLimiter: createUnverifiedLimiter({}),
        afterResponse: (task) => pending.push(task()),
        handlers: {
          invoice: async ({ summary }): Promise<HandlerResult> => {
            refreshes.push(summary.orderId ?? "?");
            return { outcome: "refreshed", detail: "counted" };
          },
        },
      },
    );
    await Promise.all(pending);
    return response.status;
  };
}

describe(`two instances on one database (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("a webhook delivered to both at once is stored once and processed once", async () => {
    const other = await openSecondInstanceDb(testDb);
    try {
      const refreshes: string[] = [];
      const [first, second] = [instance(testDb.db, refreshes), instance(other.db, refreshes)];
      for (let i = 0; i < 20; i++) {
        const orderId = `inv_twice_${i}`;
        await seedInvoice(testDb.db, orderId);
        const body = signedWebhook({
          type: "invoice",
          invoice_id: `svc_${orderId}`,
          order_id: orderId,
          status: "paid",
        });
        expect(await Promise.all([first(body), second(body)])).toEqual([200, 200]);
      }
      expect(refreshes.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `inv_twice_${i}`).sort());
      expect(await testDb.db.select().from(webhookEvents)).toHaveLength(20);
    } finally {
      await other.close();
    }
  });
});
