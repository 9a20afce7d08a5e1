import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookEvents } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { listWebhookEvents } from "./list-events";
import { parseWebhookFilter } from "./list-filter";
import { seedInvoice } from "@/test-support/fake-service";

let testDb: TestDb;

beforeAll(async () => {
  testDb = await createTestDb();
  const sameInstant = new Date("2025-01-01T00:00:00.000Z");
  const invoice = await seedInvoice(testDb.db, "inv_known");
  await testDb.db.insert(webhookEvents).values(
    Array.from({ length: 7 }, (_, i) => ({
      bodySha256: `hash${i}`,
      rawBody: "{}",
      verified: i % 2 === 0,
      orderId: i === 0 ? invoice.orderId : `inv_other_${i}`,
      resourceType: "invoice",
      outcome: i % 2 === 0 ? "refreshed" : "unverified",
      // Three share one instant, so the id must break the tie.
      receivedAt: i < 3 ? sameInstant : new Date(sameInstant.getTime() + i * 1000),
    })),
  );
});
afterAll(() => testDb.close());

describe("listing webhook events", () => {
  it("pages newest first by keyset, each event exactly once, ties broken by id", async () => {
    const seen: string[] = [];
    let before: string | undefined;
    for (let guard = 0; guard < 10; guard++) {
      const filter = { ...parseWebhookFilter(before ? { before } : {}), limit: 2 };
      const page = await listWebhookEvents(testDb.db, filter);
      seen.push(...page.rows.map((row) => row.bodySha256));
      if (!page.nextCursor) break;
      before = page.nextCursor;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen.slice(0, 4)).toEqual(["hash6", "hash5", "hash4", "hash3"]);
  });

  it("filters by outcome, verification and order_id prefix, and links known invoices", async () => {
    const unverified = await listWebhookEvents(testDb.db, parseWebhookFilter({ verified: "no" }));
    expect(unverified.rows.map((row) => row.outcome)).toEqual(["unverified", "unverified", "unverified"]);
    const refreshed = await listWebhookEvents(testDb.db, parseWebhookFilter({ outcome: "refreshed" }));
    expect(refreshed.rows).toHaveLength(4);
    const search = await listWebhookEvents(testDb.db, parseWebhookFilter({ q: "inv_kn" }));
    expect(search.rows).toHaveLength(1);
    expect(search.rows[0]?.invoiceId).toEqual(expect.any(String));
    const wildcard = await listWebhookEvents(testDb.db, parseWebhookFilter({ q: "inv%" }));
    expect(wildcard.rows).toHaveLength(0);
  });

  it("ignores a malformed cursor or filter instead of failing", async () => {
    const page = await listWebhookEvents(
      testDb.db,
      parseWebhookFilter({ before: "garbage", outcome: "nope" }),
    );
    expect(page.rows).toHaveLength(7);
  });
});
