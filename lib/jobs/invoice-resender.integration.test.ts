import { eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "@/lib/db/schema";
import { recordInvoiceIntent, sendInvoice } from "@/lib/invoices/create-invoice";
import { startSandboxOnCopiedPglite } from "@/lib/sandbox/test/sandbox-on-copied-pglite";
import { createServiceClient } from "@/lib/service";
import { seedUser } from "@/test-support/fake-service";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { InvoiceResender } from "./invoice-resender";

const KEYS = { invoiceKey: "it-invoice-key", withdrawalKey: "it-withdrawal-key" };
let testDb: TestDb;
let sandbox: Awaited<ReturnType<typeof startSandboxOnCopiedPglite>>;
let userId: string;

beforeAll(async () => {
  testDb = await createTestDb();
  sandbox = await startSandboxOnCopiedPglite({ port: 0, demoMerchant: KEYS });
  userId = await seedUser(testDb.db);
});
afterAll(async () => {
  await sandbox.close();
  await testDb.close();
});

/** A client that gives up after 300 ms, once. */
const client = () =>
  createServiceClient({ baseUrl: sandbox.url, ...KEYS, timeoutMs: 300, retry: { attempts: 1 } });
const faults = (body: object | null) =>
  fetch(`${sandbox.url}/control/faults`, {
    method: body ? "POST" : "DELETE",
    headers: { Authorization: `Bearer ${KEYS.invoiceKey}`, "Content-Type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });

describe("an invoice creation that timed out, over HTTP against the sandbox", () => {
  it("is sent again by the loop with the same order id and becomes created, one invoice at the service", async () => {
    const asked = { orderId: "inv_it_slow", amount: "20.00", fiatCurrency: "EUR" };
    const intent = await recordInvoiceIntent(testDb.db, asked, userId);
    // The sandbox answers after 2 s: the client has given up, the service still creates it.
    await faults({ latency_ms: 2_000 });
    const first = await sendInvoice(testDb.db, client(), intent, userId);
    await faults(null);
    expect(first).toMatchObject({ ok: false, retryable: true });

    // Its backoff passes; the loop's round sends it again.
    await testDb.db
      .update(invoices)
      .set({ nextSendAt: sql`now() - interval '1 second'` })
      .where(isNotNull(invoices.nextSendAt));
    const report = await new InvoiceResender({ db: testDb.db, client }).runOnce();
    expect(report).toMatchObject({ due: 1, created: 1 });

    const [row] = await testDb.db.select().from(invoices).where(eq(invoices.id, intent.id));
    expect(row).toMatchObject({ creationState: "created", nextSendAt: null, fiatCurrency: "EUR" });
    expect(row?.serviceId).toBeTruthy();
    // The same order id asked once more names the same invoice: the service holds one, not two.
    expect((await client().createInvoice(asked)).id).toBe(row?.serviceId);
  });
});
