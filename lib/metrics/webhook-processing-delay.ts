import "server-only";
import { Histogram } from "prom-client";
import { paydeskMetrics } from "./registry";

const globalKey = Symbol.for("paydesk.metrics.webhookProcessingDelay");
type GlobalWithHistogram = typeof globalThis & { [globalKey]?: Histogram };

/**
 * How long verified webhooks waited from being received to taking effect (an outcome recorded),
 * in seconds: the processing queue's delay as each event leaves it. The age of the oldest one still
 * waiting is paydesk_webhook_processing_lag_seconds (business-gauges.ts).
 */
export function webhookProcessingDelay(): Histogram {
  const store = globalThis as GlobalWithHistogram;
  store[globalKey] ??= new Histogram({
    name: "paydesk_webhook_processing_delay_seconds",
    help: "Time from receiving a verified webhook to recording what came of it",
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900],
    registers: [paydeskMetrics().registry],
  });
  return store[globalKey];
}
