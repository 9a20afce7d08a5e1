import "server-only";
import type { Db } from "@/lib/db/types";
import { checkDatabase } from "@/lib/health/database-check";
import type { HealthSnapshot, HealthState } from "@/lib/health/health-state";
import { timeBox } from "@/lib/health/time-box";
import { discardBusinessGauges, refreshBusinessGauges } from "./business-gauges";
import { paydeskMetrics } from "./registry";

/** What a scrape needs of a background loop (lib/jobs' LoopLiveness has these). */
export interface LoopTimes {
  name: string;
  intervalMs: number;
  startedAt: number | null;
  lastSuccessAt: number | null;
}

/** /api/ready's status (lib/readiness), as the metric names it. */
export type ReadinessStatus = "ready" | "degraded" | "not ready";
const READINESS_STATUSES: readonly ReadinessStatus[] = ["ready", "degraded", "not ready"];

export interface ScrapeInputs {
  readiness: ReadinessStatus;
  db: Db | Promise<Db>;
  staleHours: number;
  version: string;
  commit: string;
  /** This process's loops; null when none were started in it. */
  loops: readonly LoopTimes[] | null;
  service: HealthSnapshot;
  /** Null when no mail is sent (SMTP_URL unset): then paydesk_smtp_up is absent. */
  smtp: HealthSnapshot | null;
  webhookQueueDepth: number;
  databaseHealth?: Pick<HealthState, "failure" | "success">;
  /** Told why the database gauges could not be read (the log, once per kind). */
  onReadError?: (error: unknown) => void;
}

/** How long the database gauges may take to read before this scrape goes without them. */
const READ_TIMEOUT_MS = 5_000;

/**
 * One scrape, in the Prometheus text format: this instance's series (requests, service calls,
 * health, loops, build), then the gauges read from the database, but only when the database
 * answered and the read worked. During a database outage the scrape still answers, with
 * `paydesk_db_up 0`, a read error counted, and no business gauge: never a stale value.
 */
export async function scrapeMetrics(inputs: ScrapeInputs): Promise<string> {
  const metrics = paydeskMetrics();
  metrics.webhookQueueDepth.set(inputs.webhookQueueDepth);
  metrics.buildInfo.reset();
  metrics.buildInfo.set({ version: inputs.version, commit: inputs.commit }, 1);
  for (const status of READINESS_STATUSES)
    metrics.readiness.set({ status: status.replace(" ", "_") }, status === inputs.readiness ? 1 : 0);
  metrics.serviceUp.set(inputs.service.failing ? 0 : 1);
  const smtpName = "paydesk_smtp_up";
  if (!inputs.smtp) metrics.registry.removeSingleMetric(smtpName);
  else {
    if (!metrics.registry.getSingleMetric(smtpName)) metrics.registry.registerMetric(metrics.smtpUp);
    metrics.smtpUp.set(inputs.smtp.failing ? 0 : 1);
  }
  setLoopGauges(inputs.loops);

  const down = await checkDatabase(inputs.db, { health: inputs.databaseHealth });
  metrics.dbUp.set(down ? 0 : 1);
  let gaugesRead = false;
  if (down) {
    metrics.gaugeReadErrors.inc();
    discardBusinessGauges();
  } else {
    try {
      const db = await inputs.db;
      await timeBox(refreshBusinessGauges(db, { staleHours: inputs.staleHours }), READ_TIMEOUT_MS);
      gaugesRead = true;
    } catch (error) {
      metrics.gaugeReadErrors.inc();
      discardBusinessGauges();
      inputs.onReadError?.(error);
    }
  }
  const own = await metrics.registry.metrics();
  return gaugesRead ? `${own}\n${await metrics.databaseRegistry.metrics()}` : own;
}

function setLoopGauges(loops: readonly LoopTimes[] | null): void {
  const metrics = paydeskMetrics();
  metrics.loopLastSuccess.reset();
  metrics.loopStarted.reset();
  metrics.loopInterval.reset();
  for (const loop of loops ?? []) {
    const labels = { loop: loop.name };
    metrics.loopInterval.set(labels, loop.intervalMs / 1000);
    if (loop.startedAt !== null) metrics.loopStarted.set(labels, loop.startedAt / 1000);
    if (loop.lastSuccessAt !== null) metrics.loopLastSuccess.set(labels, loop.lastSuccessAt / 1000);
  }
}
