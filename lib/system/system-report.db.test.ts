import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, pendingChanges, webhookEvents } from "@/lib/db/schema";
import type { LoopLiveness } from "@/lib/jobs/periodic-job";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertWithdrawals, seedRequester } from "@/test-support/withdrawal-rows";
import { systemReport, type SystemInputs } from "./system-report";

/** Issue 24: the System page's report, counted from stored rows, with nothing secret in it. */
let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
}, 60_000);
afterAll(() => testDb?.close());

const NOW = new Date("2026-11-26T02:00:00Z");
const PAST = new Date(NOW.getTime() - 60_000);
const LATER = new Date(NOW.getTime() + 60 * 60_000);
const PASSWORD = "Sup3r-s3cret-db-pass";

function inputs(loops: LoopLiveness[] | null): SystemInputs {
  return {
    now: NOW,
    version: "1.2.3",
    commit: "abc1234",
    nodeVersion: "v20.0.0",
    uptimeSeconds: 3661.7,
    database: {
      databaseUrl: `postgresql://paydesk_app:${PASSWORD}@db.example.internal:5433/paydesk?sslmode=require`,
      dataDir: "./data/paydesk",
    },
    service: { mode: "external", baseUrl: "https://pay.example.com/api" },
    loops,
    webhookProcessingBacklog: 7,
  };
}

let event = 0;
function webhook(row: Partial<typeof webhookEvents.$inferInsert>) {
  event++;
  return {
    bodySha256: `sha-${event}`,
    rawBody: "{}",
    verified: true,
    outcome: "refreshed",
    receivedAt: new Date("2026-11-25T09:00:00Z"),
    ...row,
  };
}

function invoice(row: Partial<typeof invoices.$inferInsert>) {
  return {
    orderId: `inv-${Math.random()}`,
    creationState: "created" as const,
    request: {},
    amount: "10.00",
    fiatCurrency: "USD",
    ...row,
  };
}

describe("systemReport", () => {
  it("is empty work on an empty database, with the migrations current and no loops in this process", async () => {
    const report = await systemReport(testDb.db, inputs(null));
    expect(report.migrations.summary).toMatch(/^schema current/);
    expect(report.loops).toBeNull();
    expect(report.queues).toEqual({
      webhookProcessingBacklog: 7,
      webhookEventsUnprocessed: 0,
      webhookEventsDue: 0,
      withdrawalsDueForResubmission: 0,
      invoiceCreationsDue: 0,
      invoicesDueForRefresh: 0,
    });
    expect(Object.values(report.waitingOnPeople).every((count) => count === 0)).toBe(true);
    expect(report.service.lastInvoiceSync).toBeNull();
    expect(report.service.lastVerifiedWebhook).toBeNull();
  });

  it("counts due work and what waits for a person from the stored rows", async () => {
    const { db } = testDb;
    const requester = await seedRequester(db);
    await db.insert(webhookEvents).values([
      webhook({ outcome: "pending", nextProcessAt: PAST, receivedAt: new Date("2026-11-25T10:00:00Z") }),
      webhook({ outcome: "failed", nextProcessAt: LATER }),
      webhook({ outcome: "failed", nextProcessAt: null }),
      webhook({ outcome: "refreshed", receivedAt: new Date("2026-11-25T12:00:00Z") }),
      // Unverified: never processed, not service contact.
      webhook({ verified: false, outcome: "unverified", receivedAt: new Date("2026-11-26T01:00:00Z") }),
    ]);
    await insertWithdrawals(db, requester, [
      { orderId: "wd-due", state: "unknown", nextSubmitAt: PAST },
      { orderId: "wd-later", state: "unknown", nextSubmitAt: LATER },
      { orderId: "wd-review", state: "needs_review" },
      { orderId: "wd-failed", state: "service_failed" },
      { orderId: "wd-paid", state: "paid" },
    ]);
    await db
      .insert(invoices)
      .values([
        invoice({ creationState: "sending", nextSendAt: PAST }),
        invoice({ creationState: "sending", nextSendAt: LATER }),
        invoice({ creationState: "sending", nextSendAt: null, creationError: "timeout" }),
        invoice({ serviceId: "s1", nextRefreshAt: PAST, lastSyncedAt: new Date("2026-11-26T01:30:00Z") }),
        invoice({ serviceId: "s2", status: "underpaid", paidCryptoAmount: "1", lastSyncedAt: PAST }),
      ]);
    await db.insert(pendingChanges).values({
      kind: "grant_role",
      subject: `user:${requester}`,
      payload: { role: "finance" },
      basis: {},
      proposedBy: requester,
    });

    const report = await systemReport(db, inputs(null));
    expect(report.queues).toEqual({
      webhookProcessingBacklog: 7,
      webhookEventsUnprocessed: 2,
      webhookEventsDue: 1,
      withdrawalsDueForResubmission: 1,
      invoiceCreationsDue: 1,
      invoicesDueForRefresh: 1,
    });
    expect(report.waitingOnPeople).toEqual({
      payoutsNeedingFinance: 2,
      unresolvedInvoiceExceptions: 1,
      invoicesNotSent: 1,
      pendingChanges: 1,
      webhookEventsFailed: 1,
    });
    expect(report.service).toMatchObject({
      lastInvoiceSync: PAST.toISOString(),
      lastVerifiedWebhook: "2026-11-25T12:00:00.000Z",
    });
  });

  it("reports each loop's last round and last error, and the build, as plain JSON", async () => {
    const report = await systemReport(
      testDb.db,
      inputs([
        {
          name: "webhook-sweeper",
          intervalMs: 30_000,
          startedAt: NOW.getTime() - 600_000,
          lastRoundFinishedAt: NOW.getTime() - 5_000,
          roundRunningSince: null,
          lastSuccessAt: null,
          lastFailure: { at: NOW.getTime() - 65_000, message: "connection refused" },
        },
      ]),
    );
    expect(report.loops).toEqual([
      {
        name: "webhook-sweeper",
        intervalSeconds: 30,
        running: true,
        startedAt: "2026-11-26T01:50:00.000Z",
        lastRoundFinishedAt: "2026-11-26T01:59:55.000Z",
        roundRunningSince: null,
        lastError: { at: "2026-11-26T01:58:55.000Z", message: "connection refused" },
      },
    ]);
    expect(report.paydesk).toEqual({
      version: "1.2.3",
      commit: "abc1234",
      node: "v20.0.0",
      uptimeSeconds: 3661,
    });
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it("names the database by host, port and name: never its user, password or query", async () => {
    const report = await systemReport(testDb.db, inputs(null));
    expect(report.database).toEqual({
      kind: "postgresql",
      host: "db.example.internal",
      port: 5433,
      database: "paydesk",
    });
    const json = JSON.stringify(report);
    expect(json).not.toContain(PASSWORD);
    expect(json).not.toContain("paydesk_app");
    expect(json).not.toContain("sslmode");
  });
});
