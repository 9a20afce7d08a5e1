import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { invoices } from "@/lib/db/schema";
import { listUnresolvedExceptions } from "@/lib/exceptions/worklist";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { FakeService, seedInvoice } from "@/test-support/fake-service";
import { refreshInvoice } from "./refresh-invoice";

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

const paidRecord = (status: string, paid: string, txids: string[]) => ({
  status,
  order_id: "inv_race",
  amount: "10",
  fiat_currency: "USD",
  crypto_amount: "10",
  currency: "USDT",
  network: "TRON",
  paid_crypto_amount: paid,
  paid_fiat_amount: paid,
  remaining_crypto_amount: "0",
  transactions: txids.map((txid, i) => ({ txid, amount: i === 0 ? "10" : "2" })),
});

describe(`refreshing one invoice twice at once (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("ends overpaid when the GET answering paid comes back after the one answering paid_over", async () => {
    const { id } = await seedInvoice(testDb.db, "inv_race");
    service.set("svc_inv_race", paidRecord("paid", "10", ["a"]));
    const slow = service.holdNextAnswer();
    const first = refreshInvoice(testDb.db, service, id, "loop");
    await slow.asked; // this GET has read "paid" and is still on its way back
    service.set("svc_inv_race", paidRecord("paid_over", "12", ["a", "b"]));
    const second = refreshInvoice(testDb.db, service, id, "webhook");
    // Unserialised, the second refresh reads paid_over and commits before the first is let through;
    // serialised, it waits for the first whatever the pause. The outcome must be the same.
    await Promise.race([second, new Promise((resolve) => setTimeout(resolve, 100))]);
    slow.release();
    await Promise.all([first, second]);

    const [row] = await testDb.db.select().from(invoices).where(eq(invoices.id, id));
    expect(row).toMatchObject({ status: "overpaid", paidCryptoAmount: "12", nextRefreshAt: null });
    const worklist = await listUnresolvedExceptions(testDb.db, 100);
    expect(worklist.find((entry) => entry.id === id)).toMatchObject({ status: "overpaid" });
  });
});
