import "server-only";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * Paydesk's Prometheus metrics: one registry per process, kept on globalThis because Next.js
 * loads route handlers and instrumentation as separate module graphs, which would otherwise each
 * count into a registry of their own. Each instance is scraped on its own (its own series); the
 * business gauges are read from the shared database at scrape time (business-gauges.ts), into a
 * registry of their own that a scrape includes only when the read worked: a gauge that cannot be
 * read is absent, never a stale value (scrape.ts).
 */
export interface PaydeskMetrics {
  registry: Registry;
  /** The gauges read from the database; in a scrape only when this scrape's read worked. */
  databaseRegistry: Registry;
  dbUp: Gauge;
  readiness: Gauge<"status">;
  buildInfo: Gauge<"version" | "commit">;
  serviceUp: Gauge;
  smtpUp: Gauge;
  loopLastSuccess: Gauge<"loop">;
  loopStarted: Gauge<"loop">;
  loopInterval: Gauge<"loop">;
  gaugeReadErrors: Counter;
  mailMessages: Gauge<"state">;
  oldestUnsentMailSeconds: Gauge;
  invoicesNotSent: Gauge;
  httpRequestSeconds: Histogram<"method" | "route" | "status">;
  serviceCalls: Counter<"endpoint" | "outcome">;
  serviceCallSeconds: Histogram<"endpoint">;
  webhooksReceived: Counter<"outcome">;
  webhookProcessingFailures: Counter;
  webhookQueueDepth: Gauge;
  signInFailures: Counter<"method">;
  signInLockouts: Counter;
  payouts: Gauge<"state">;
  oldestPayoutAwaitingApprovalSeconds: Gauge;
  oldestSubmittedPayoutSeconds: Gauge;
  webhookEventsUnprocessed: Gauge;
  webhookProcessingLagSeconds: Gauge;
  invoiceRefreshLagSeconds: Gauge;
}

const globalKey = Symbol.for("paydesk.metrics");
type GlobalWithMetrics = typeof globalThis & { [globalKey]?: PaydeskMetrics };

export function paydeskMetrics(): PaydeskMetrics {
  const store = globalThis as GlobalWithMetrics;
  store[globalKey] ??= createMetrics();
  return store[globalKey];
}

function createMetrics(): PaydeskMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const databaseRegistry = new Registry();
  const registers = [registry];
  const fromDatabase = [databaseRegistry];
  const gauge = (name: string, help: string) => new Gauge({ name, help, registers: fromDatabase });
  const loopGauge = (name: string, help: string) =>
    new Gauge({ name, help, labelNames: ["loop"], registers });
  return {
    registry,
    databaseRegistry,
    dbUp: new Gauge({
      name: "paydesk_db_up",
      help: "1 when the database answered a time-boxed `select 1` at this scrape, else 0",
      registers,
    }),
    readiness: new Gauge({
      name: "paydesk_readiness",
      help: "This instance's /api/ready answer at this scrape: 1 for its status (ready, degraded, not_ready), 0 for the others",
      labelNames: ["status"],
      registers,
    }),
    buildInfo: new Gauge({
      name: "paydesk_build_info",
      help: "Always 1: the release (version) and commit this instance runs",
      labelNames: ["version", "commit"],
      registers,
    }),
    serviceUp: new Gauge({
      name: "paydesk_service_up",
      help: "0 while this instance's calls to the payment service fail (3 in a row with no success), else 1",
      registers,
    }),
    // Registered by a scrape only when mail is configured (scrape.ts): absent, not a made-up 1.
    smtpUp: new Gauge({
      name: "paydesk_smtp_up",
      help: "0 while this instance's tries to hand mail to the SMTP server fail, else 1 (absent without SMTP_URL)",
      registers: [],
    }),
    loopLastSuccess: loopGauge(
      "paydesk_loop_last_success_timestamp_seconds",
      "When each background loop of this instance last finished a round without a failure (absent before the first)",
    ),
    loopStarted: loopGauge(
      "paydesk_loop_start_timestamp_seconds",
      "When each background loop of this instance started (absent while stopped)",
    ),
    loopInterval: loopGauge(
      "paydesk_loop_interval_seconds",
      "Each background loop's interval between rounds",
    ),
    gaugeReadErrors: new Counter({
      name: "paydesk_gauge_read_errors_total",
      help: "Scrapes whose database gauges could not be read (they are then absent from that scrape)",
      registers,
    }),
    mailMessages: new Gauge({
      name: "paydesk_mail_messages",
      help: "Outgoing mail in the outbox by state: queued, sending, sent, failed, cancelled",
      labelNames: ["state"],
      registers: fromDatabase,
    }),
    oldestUnsentMailSeconds: gauge(
      "paydesk_mail_oldest_unsent_age_seconds",
      "Age of the oldest message queued or being sent (0 when none)",
    ),
    invoicesNotSent: gauge(
      "paydesk_invoices_not_sent",
      "Invoice creations the service never accepted and the loop stopped sending: someone uses Send again (System page)",
    ),
    httpRequestSeconds: new Histogram({
      name: "paydesk_http_request_duration_seconds",
      help: "Requests answered, by method, route pattern and status, with how long each took",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    serviceCalls: new Counter({
      name: "paydesk_service_calls_total",
      help: "Calls to the payment service by endpoint and outcome (retries within one call counted once)",
      labelNames: ["endpoint", "outcome"],
      registers,
    }),
    serviceCallSeconds: new Histogram({
      name: "paydesk_service_call_duration_seconds",
      help: "How long each call to the payment service took, its retries included",
      labelNames: ["endpoint"],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    }),
    webhooksReceived: new Counter({
      name: "paydesk_webhooks_received_total",
      help: "Webhook requests by answer: verified, duplicate, unverified, malformed, limited",
      labelNames: ["outcome"],
      registers,
    }),
    webhookProcessingFailures: new Counter({
      name: "paydesk_webhook_processing_failures_total",
      help: "Verified webhooks whose processing failed (the sweep tries them again)",
      registers,
    }),
    webhookQueueDepth: new Gauge({
      name: "paydesk_webhook_queue_depth",
      help: "Webhook refreshes answered and waiting in this process's queue",
      registers,
    }),
    signInFailures: new Counter({
      name: "paydesk_sign_in_failures_total",
      help: "Failed sign-ins (wrong password or code, disabled account, malformed request) by method",
      labelNames: ["method"],
      registers,
    }),
    signInLockouts: new Counter({
      name: "paydesk_sign_in_lockouts_total",
      help: "Sign-ins refused by the limits (too many failed passwords or codes)",
      registers,
    }),
    payouts: new Gauge({
      name: "paydesk_payouts",
      help: "Withdrawals by state, from the database",
      labelNames: ["state"],
      registers: fromDatabase,
    }),
    oldestPayoutAwaitingApprovalSeconds: gauge(
      "paydesk_oldest_payout_awaiting_approval_seconds",
      "Age of the oldest withdrawal awaiting approval (0 when none)",
    ),
    oldestSubmittedPayoutSeconds: gauge(
      "paydesk_oldest_submitted_payout_seconds",
      "Time since the oldest payout still submitted without a final word from the service was sent (0 when none)",
    ),
    webhookEventsUnprocessed: gauge(
      "paydesk_webhook_events_unprocessed",
      "Stored verified webhooks still waiting to take effect (the sweep's work)",
    ),
    webhookProcessingLagSeconds: gauge(
      "paydesk_webhook_processing_lag_seconds",
      "Age of the oldest stored verified webhook still waiting to take effect (0 when none)",
    ),
    invoiceRefreshLagSeconds: gauge(
      "paydesk_invoice_refresh_lag_seconds",
      "How far behind the invoice refresh loop is: the most overdue refresh, in seconds (0 when none is due)",
    ),
  };
}
