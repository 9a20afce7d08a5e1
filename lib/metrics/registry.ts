import "server-only";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * Paydesk's Prometheus metrics: one registry per process, kept on globalThis because Next.js
 * loads route handlers and instrumentation as separate module graphs, which would otherwise each
 * count into a registry of their own. Each instance is scraped on its own (its own series); the
 * business gauges are read from the shared database at scrape time (business-gauges.ts).
 */
export interface PaydeskMetrics {
  registry: Registry;
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
  const registers = [registry];
  const gauge = (name: string, help: string) => new Gauge({ name, help, registers });
  return {
    registry,
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
    webhookQueueDepth: gauge(
      "paydesk_webhook_queue_depth",
      "Webhook refreshes answered and waiting in this process's queue",
    ),
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
      registers,
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
