import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueMail } from "@/lib/mail/enqueue";
import { insertListInvoices } from "@/test-support/invoice-rows";
import { parseMetrics } from "@/test-support/prometheus";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertWithdrawals, seedRequester } from "@/test-support/withdrawal-rows";
import { refreshBusinessGauges } from "./business-gauges";
import { paydeskMetrics } from "./registry";

/**
 * Issue 24: the business gauges /api/metrics serves, read from the database at scrape time:
 * payouts by state, the oldest waiting on approval and on the service, the refresh loop's lag.
 */
let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
}, 60_000);
afterAll(() => testDb?.close());

const HOUR = 3_600_000;
const scrape = async () => parseMetrics(await paydeskMetrics().databaseRegistry.metrics());

describe("business gauges", () => {
  it("count payouts by state and age the oldest waiting ones, in the Prometheus text format", async () => {
    const now = new Date("2026-11-26T12:00:00Z");
    const requester = await seedRequester(testDb.db);
    await insertWithdrawals(testDb.db, requester, [
      { orderId: "wd_a1", state: "awaiting_approval", createdAt: "2026-11-26T11:00:00Z" },
      { orderId: "wd_a2", state: "awaiting_approval", createdAt: "2026-11-26T11:30:00Z" },
      // Sent 3 hours ago: its stale deadline is 24 hours after sending.
      { orderId: "wd_s1", state: "submitted", staleAt: new Date(now.getTime() - 3 * HOUR + 24 * HOUR) },
      { orderId: "wd_p1", state: "paid" },
    ]);
    await insertListInvoices(testDb.db, [
      {
        orderId: "inv_lag",
        createdAt: "2026-11-26T11:00:00Z",
        nextRefreshAt: new Date(now.getTime() - 90_000),
      },
      {
        orderId: "inv_later",
        createdAt: "2026-11-26T11:00:00Z",
        nextRefreshAt: new Date(now.getTime() + 90_000),
      },
    ]);

    await refreshBusinessGauges(testDb.db, { now, staleHours: 24 });
    const metrics = await scrape();
    expect(metrics.value("paydesk_payouts", { state: "awaiting_approval" })).toBe(2);
    expect(metrics.value("paydesk_payouts", { state: "submitted" })).toBe(1);
    expect(metrics.value("paydesk_payouts", { state: "paid" })).toBe(1);
    expect(metrics.value("paydesk_payouts", { state: "conflict" })).toBe(0);
    expect(metrics.value("paydesk_oldest_payout_awaiting_approval_seconds")).toBe(3600);
    expect(metrics.value("paydesk_oldest_submitted_payout_seconds")).toBe(3 * 3600);
    expect(metrics.value("paydesk_invoice_refresh_lag_seconds")).toBe(90);
  });

  it("count the outbox by state and age its oldest unsent message", async () => {
    const now = new Date("2026-11-26T12:30:00Z");
    const mail = (subject: string) => ({
      kind: "staff_notification",
      to: { address: "fay@shop.example" },
      subject,
      text: "text",
      html: "<p>html</p>",
    });
    await enqueueMail(testDb.db, mail("older"), new Date(now.getTime() - 30 * 60_000));
    await enqueueMail(testDb.db, mail("newer"), new Date(now.getTime() - 60_000));
    await refreshBusinessGauges(testDb.db, { now, staleHours: 24 });
    const metrics = await scrape();
    expect(metrics.value("paydesk_mail_messages", { state: "queued" })).toBe(2);
    expect(metrics.value("paydesk_mail_messages", { state: "failed" })).toBe(0);
    expect(metrics.value("paydesk_mail_oldest_unsent_age_seconds")).toBe(1800);
    expect(metrics.value("paydesk_invoices_not_sent")).toBe(0);
  });

  it("read the database again only after 5 seconds", async () => {
    const now = new Date("2026-11-26T13:00:00Z");
    await refreshBusinessGauges(testDb.db, { now, staleHours: 24 });
    const requester = await seedRequester(testDb.db);
    await insertWithdrawals(testDb.db, requester, [{ orderId: "wd_c1", state: "conflict" }]);
    await refreshBusinessGauges(testDb.db, { now: new Date(now.getTime() + 1_000), staleHours: 24 });
    expect((await scrape()).value("paydesk_payouts", { state: "conflict" })).toBe(0);
    await refreshBusinessGauges(testDb.db, { now: new Date(now.getTime() + 6_000), staleHours: 24 });
    expect((await scrape()).value("paydesk_payouts", { state: "conflict" })).toBe(1);
  });
});
