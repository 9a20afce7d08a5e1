/**
 * A constant offered rate (issue 24): webhooks sent on a fixed schedule, `perSecond` for
 * `seconds`, whatever the answers do (an open-loop client: a slow answer does not slow the sender,
 * as a service's deliveries are not slowed by one receiver). Each request is timed from when it was
 * due, so a backlog of sends shows in the latencies. Meanwhile the processing queue's lag is read
 * from /api/metrics (paydesk_webhook_processing_lag_seconds, the oldest verified webhook still
 * waiting) every second. Sustained: every request answered 200, 99 % of them within STEADY_P99_MS
 * of when they were due (the answers kept pace), the lag stayed under FLAT_LAG_SECONDS (the
 * processing kept pace), and everything was processed within DRAIN_GRACE_SECONDS of the last answer.
 */
import { Agent } from "node:http";
import { round } from "../measure";
import { percentile, send } from "./load";

/** The lag (oldest waiting webhook) under which the backlog counts as flat. */
export const FLAT_LAG_SECONDS = 5;
/** The answers keep up with the schedule: each within this long of when it was due (p99). */
export const STEADY_P99_MS = 1_000;
/** How long after the last answer everything must be processed. */
export const DRAIN_GRACE_SECONDS = 5;
/** Connections the sender may open; beyond them requests wait in the client, timed from their due time. */
const MAX_CONNECTIONS = 64;

export interface SteadyLoadResult {
  offeredPerSecond: number;
  seconds: number;
  requests: number;
  statuses: Record<string, number>;
  errors: number;
  /** Latency from each request's due time to its answer. */
  p50: number;
  p99: number;
  /** The largest processing lag the metrics showed during the run, in seconds. */
  maxLagSeconds: number;
  /** Largest queue depth (this process's waiting refreshes) the metrics showed. */
  maxQueueDepth: number;
}

export interface SteadyLoadOptions {
  baseUrl: string;
  bodies: readonly string[];
  perSecond: number;
  metricsToken: string;
}

export async function runSteadyLoad(options: SteadyLoadOptions): Promise<SteadyLoadResult> {
  const url = new URL(`${options.baseUrl}/api/webhooks/payments`);
  const { bodies, perSecond } = options;
  const agent = new Agent({ keepAlive: true, maxSockets: MAX_CONNECTIONS });
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  let errors = 0;
  let maxLagSeconds = 0;
  let maxQueueDepth = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const gauges = await readQueueGauges(options.baseUrl, options.metricsToken);
      maxLagSeconds = Math.max(maxLagSeconds, gauges.lagSeconds);
      maxQueueDepth = Math.max(maxQueueDepth, gauges.queueDepth);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  })();
  try {
    await Promise.all(Array.from({ length: 8 }, () => send(agent, url, "HEAD")));
    const started = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let index = 0; index < bodies.length; index++) {
      const due = started + (index * 1_000) / perSecond;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      inFlight.push(
        send(agent, url, "POST", bodies[index])
          .then((status) => {
            statuses[status] = (statuses[status] ?? 0) + 1;
          })
          .catch(() => {
            errors++;
          })
          .finally(() => {
            latencies.push(performance.now() - due);
          }),
      );
    }
    await Promise.all(inFlight);
    const seconds = (performance.now() - started) / 1_000;
    latencies.sort((a, b) => a - b);
    return {
      offeredPerSecond: perSecond,
      seconds: round(seconds, 1),
      requests: bodies.length - errors,
      statuses,
      errors,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      maxLagSeconds: round(maxLagSeconds, 1),
      maxQueueDepth,
    };
  } finally {
    sampling = false;
    await sampler;
    agent.destroy();
  }
}

/** The queue's gauges from /api/metrics (the lag is read from the database, at most every 5 s). */
export async function readQueueGauges(
  baseUrl: string,
  token: string,
): Promise<{ lagSeconds: number; queueDepth: number }> {
  const response = await fetch(`${baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET /api/metrics answered ${response.status}`);
  const text = await response.text();
  return {
    lagSeconds: gaugeValue(text, "paydesk_webhook_processing_lag_seconds"),
    queueDepth: gaugeValue(text, "paydesk_webhook_queue_depth"),
  };
}

function gaugeValue(text: string, name: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${name} `));
  if (!line) throw new Error(`/api/metrics has no ${name}`);
  return Number(line.slice(name.length + 1));
}
