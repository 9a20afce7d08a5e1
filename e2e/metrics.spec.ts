import { expect, test } from "@playwright/test";
import {
  familiesWithSamples,
  familyOf,
  seriesIn,
  shippedAlertRules,
  SYNTHETIC_SERIES,
} from "../test-support/alert-rules";
import { parseMetrics } from "../test-support/prometheus";

/**
 * Issue 24: /api/metrics in the Prometheus text format, only with the bearer token, and its
 * counters moving as webhooks arrive. (The server runs with METRICS_TOKEN: playwright.config.ts.)
 */
const TOKEN = "e2e-metrics-token-0123456789";
const withToken = { headers: { authorization: `Bearer ${TOKEN}` } };

test("answers only with the bearer token", async ({ request }) => {
  expect((await request.get("/api/metrics")).status()).toBe(401);
  expect(
    (
      await request.get("/api/metrics", { headers: { authorization: "Bearer wrong-token-0123456789" } })
    ).status(),
  ).toBe(401);
  const answer = await request.get("/api/metrics", withToken);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toContain("text/plain");
  expect(answer.headers()["cache-control"]).toBe("no-store");
});

test("parses as Prometheus text, and counts a webhook as it arrives", async ({ request }) => {
  const scrape = async () => parseMetrics(await (await request.get("/api/metrics", withToken)).text());
  const before = await scrape();
  for (const name of [
    "process_resident_memory_bytes",
    "paydesk_payouts",
    "paydesk_oldest_payout_awaiting_approval_seconds",
    "paydesk_webhook_queue_depth",
    "paydesk_invoice_refresh_lag_seconds",
  ]) {
    expect(before.names).toContain(name);
  }
  const unverified = () => before.value("paydesk_webhooks_received_total", { outcome: "unverified" }) ?? 0;
  const sent = await request.post("/api/webhooks/payments", {
    data: { order_id: "metrics-e2e", status: "paid", sign: "0".repeat(64) },
  });
  expect(sent.status()).toBe(401);
  const after = await scrape();
  expect(after.value("paydesk_webhooks_received_total", { outcome: "unverified" })).toBe(unverified() + 1);
});

test("counts requests by method, route pattern and status, with their duration", async ({ request }) => {
  const scrape = async () => parseMetrics(await (await request.get("/api/metrics", withToken)).text());
  const labels = { method: "GET", route: "/invoices/[id]", status: "307" };
  const before = (await scrape()).histogramCount("paydesk_http_request_duration_seconds", labels) ?? 0;
  // Not signed in: the invoice page redirects to sign-in. Two ids, one route.
  for (const id of ["a0a0a0a0-0000-4000-8000-000000000001", "a0a0a0a0-0000-4000-8000-000000000002"]) {
    expect((await request.get(`/invoices/${id}`, { maxRedirects: 0 })).status()).toBe(307);
  }
  const after = await scrape();
  expect(after.histogramCount("paydesk_http_request_duration_seconds", labels)).toBe(before + 2);
  expect(after.names).toContain("paydesk_http_request_duration_seconds");
});

test("names the build, the database, readiness, the dependencies and each loop's last good round", async ({
  request,
}) => {
  const scrape = async () => parseMetrics(await (await request.get("/api/metrics", withToken)).text());
  const metrics = await scrape();
  expect(metrics.value("paydesk_db_up")).toBe(1);
  expect(metrics.value("paydesk_readiness", { status: "ready" })).toBe(1);
  expect(metrics.value("paydesk_service_up")).toBe(1);
  expect(metrics.value("paydesk_smtp_up")).toBe(1);
  expect(metrics.value("paydesk_gauge_read_errors_total")).toBe(0);
  expect(metrics.value("paydesk_invoices_not_sent")).toEqual(expect.any(Number));
  expect(metrics.value("paydesk_mail_messages", { state: "queued" })).toEqual(expect.any(Number));
  const build = await request.get("/api/metrics", withToken);
  expect(await build.text()).toMatch(
    /^paydesk_build_info\{version="\d+\.\d+\.\d+[^"]*",commit="[^"]+"\} 1$/m,
  );
  await expect
    .poll(async () =>
      (await scrape()).value("paydesk_loop_last_success_timestamp_seconds", { loop: "mail-sender" }),
    )
    .toBeGreaterThan(Date.now() / 1000 - 600);
});

test("every series the shipped alert rules read is in a real scrape", async ({ request }) => {
  const rules = shippedAlertRules();
  const wanted = [...new Set(rules.flatMap((rule) => seriesIn(rule.expr)))].filter(
    (name) => !SYNTHETIC_SERIES.has(name),
  );
  expect(wanted.length).toBeGreaterThan(10);
  // Loops report their first good round a few seconds after the start: poll until all are there.
  await expect
    .poll(async () => {
      const families = familiesWithSamples(await (await request.get("/api/metrics", withToken)).text());
      return wanted.filter((name) => familyOf(name, families) === undefined);
    })
    .toEqual([]);
});
