import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HealthSnapshot } from "@/lib/health/health-state";
import { parseMetrics } from "@/test-support/prometheus";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { scrapeMetrics, type ScrapeInputs } from "./scrape";

/**
 * Issue 36: a scrape tells the truth. The database's state is a series of its own, and the gauges
 * read from it are absent, never stale, when it cannot be read.
 */
let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
}, 60_000);
afterAll(() => testDb?.close());

const working: HealthSnapshot = {
  failing: false,
  failingSince: null,
  lastFailure: null,
  consecutiveFailures: 0,
  lastSuccessAt: 1,
};
const failing: HealthSnapshot = { ...working, failing: true, failingSince: 1, consecutiveFailures: 3 };

const inputs = (over: Partial<ScrapeInputs> = {}): ScrapeInputs => ({
  readiness: "degraded",
  db: testDb.db,
  staleHours: 24,
  version: "9.8.7",
  commit: "abc1234",
  loops: [
    {
      name: "mail-sender",
      intervalMs: 5_000,
      startedAt: 1_700_000_000_000,
      lastSuccessAt: 1_700_000_100_000,
    },
    { name: "webhook-pruner", intervalMs: 600_000, startedAt: 1_700_000_000_000, lastSuccessAt: null },
  ],
  service: working,
  smtp: working,
  webhookQueueDepth: 0,
  ...over,
});

describe("a scrape", () => {
  it("names the build, the database, the dependencies and each loop's last success", async () => {
    const metrics = parseMetrics(await scrapeMetrics(inputs({ service: failing })));
    expect(metrics.value("paydesk_db_up")).toBe(1);
    expect(metrics.value("paydesk_readiness", { status: "degraded" })).toBe(1);
    expect(metrics.value("paydesk_readiness", { status: "not_ready" })).toBe(0);
    expect(metrics.value("paydesk_build_info", { version: "9.8.7", commit: "abc1234" })).toBe(1);
    expect(metrics.value("paydesk_service_up")).toBe(0);
    expect(metrics.value("paydesk_smtp_up")).toBe(1);
    expect(metrics.value("paydesk_loop_last_success_timestamp_seconds", { loop: "mail-sender" })).toBe(
      1_700_000_100,
    );
    expect(metrics.value("paydesk_loop_last_success_timestamp_seconds", { loop: "webhook-pruner" })).toBe(
      undefined,
    );
    expect(metrics.value("paydesk_loop_start_timestamp_seconds", { loop: "webhook-pruner" })).toBe(
      1_700_000_000,
    );
    expect(metrics.value("paydesk_loop_interval_seconds", { loop: "webhook-pruner" })).toBe(600);
    expect(metrics.value("paydesk_payouts", { state: "paid" })).toBe(0);
    expect(metrics.value("paydesk_mail_messages", { state: "queued" })).toBe(0);
    expect(metrics.names).toContain("paydesk_invoices_not_sent");
  });

  it("leaves out paydesk_smtp_up when no mail is sent", async () => {
    const metrics = parseMetrics(await scrapeMetrics(inputs({ smtp: null })));
    expect(metrics.value("paydesk_smtp_up")).toBeUndefined();
    const failingMail = parseMetrics(await scrapeMetrics(inputs({ smtp: failing })));
    expect(failingMail.value("paydesk_smtp_up")).toBe(0);
  });

  it("answers during a database outage with paydesk_db_up 0, a read error counted and no database gauge", async () => {
    const before = parseMetrics(await scrapeMetrics(inputs())).value("paydesk_gauge_read_errors_total") ?? 0;
    const closed = await createTestDb();
    await closed.close();
    const told: string[] = [];
    const databaseHealth = {
      failure: (kind: string) => told.push(kind),
      success: () => told.push("success"),
    };
    const text = await scrapeMetrics(inputs({ db: closed.db, databaseHealth }));
    const metrics = parseMetrics(text);
    expect(metrics.value("paydesk_db_up")).toBe(0);
    expect(metrics.value("paydesk_gauge_read_errors_total")).toBe(before + 1);
    for (const name of [
      "paydesk_payouts",
      "paydesk_oldest_payout_awaiting_approval_seconds",
      "paydesk_invoice_refresh_lag_seconds",
      "paydesk_mail_messages",
      "paydesk_mail_oldest_unsent_age_seconds",
      "paydesk_invoices_not_sent",
    ]) {
      expect(text, name).not.toContain(name);
    }
    expect(metrics.value("paydesk_build_info", { version: "9.8.7", commit: "abc1234" })).toBe(1);
    expect(told).toEqual(["the database is closed"]);

    // Back: read afresh at once, not a cached read from before the outage.
    const again = parseMetrics(await scrapeMetrics(inputs()));
    expect(again.value("paydesk_db_up")).toBe(1);
    expect(again.value("paydesk_invoices_not_sent")).toBe(0);
  });
});
