import type { Db } from "@/lib/db/types";
import { UNVERIFIED_MAX_EVENTS, UNVERIFIED_RETENTION_DAYS } from "@/lib/webhooks/limits";
import { pruneUnverifiedWebhookEvents } from "@/lib/webhooks/prune-events";
import { PeriodicJob, type LoopLog } from "./periodic-job";

export interface WebhookPrunerOptions {
  db: Db;
  intervalMs?: number;
  batchSize?: number;
  retentionDays?: number;
  maxEvents?: number;
  now?: () => Date;
  log?: LoopLog;
}

export interface PruneReport {
  deleted: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes unverified webhook events past their retention or beyond the cap, a batch per round;
 * a full batch starts the next round at once. Several instances may run it: a delete is harmless
 * twice.
 */
export class WebhookPruner extends PeriodicJob<PruneReport> {
  private readonly batchSize: number;

  constructor(private readonly options: WebhookPrunerOptions) {
    super("webhook-pruner", options.intervalMs ?? 10 * 60_000, options.log);
    this.batchSize = options.batchSize ?? 1_000;
  }

  protected filledBatch(report: PruneReport): boolean {
    return report.deleted >= this.batchSize;
  }

  protected async round(): Promise<PruneReport> {
    const now = this.options.now?.() ?? new Date();
    const retentionDays = this.options.retentionDays ?? UNVERIFIED_RETENTION_DAYS;
    try {
      const deleted = await pruneUnverifiedWebhookEvents(this.options.db, {
        olderThan: new Date(now.getTime() - retentionDays * DAY_MS),
        keepNewest: this.options.maxEvents ?? UNVERIFIED_MAX_EVENTS,
        batchSize: this.batchSize,
      });
      return { deleted };
    } catch (error) {
      this.failed("could not prune unverified webhook events", error);
      return { deleted: 0 };
    }
  }
}
