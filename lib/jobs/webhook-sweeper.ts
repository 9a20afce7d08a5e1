import type { Db } from "@/lib/db/types";
import type { ServiceClient } from "@/lib/service";
import { claimDueWebhookEvents } from "@/lib/webhooks/claim-due-events";
import type { WebhookHandlers } from "@/lib/webhooks/handler-types";
import { processWebhookEvents } from "@/lib/webhooks/process-events";
import { PeriodicJob, type LoopLog } from "./periodic-job";

export interface WebhookSweeperOptions {
  db: Db;
  client: () => ServiceClient;
  handlers?: WebhookHandlers;
  intervalMs?: number;
  batchSize?: number;
  now?: () => Date;
  log?: LoopLog;
}

export interface SweepReport {
  claimed: number;
}

/**
 * Processes verified webhook events that never took effect: left pending by a process that
 * stopped after answering, or failed (lib/webhooks/process-policy.ts says when). Several
 * instances may run it: each event is claimed by one.
 */
export class WebhookSweeper extends PeriodicJob<SweepReport> {
  private readonly batchSize: number;

  constructor(private readonly options: WebhookSweeperOptions) {
    super("webhook-sweeper", options.intervalMs ?? 30_000, options.log);
    this.batchSize = options.batchSize ?? 20;
  }

  protected filledBatch(report: SweepReport): boolean {
    return report.claimed >= this.batchSize;
  }

  protected async round(): Promise<SweepReport> {
    const now = this.options.now?.() ?? new Date();
    try {
      const due = await claimDueWebhookEvents(this.options.db, { limit: this.batchSize, now });
      const client = this.options.client();
      // One batch (never throws: a failure is recorded on its event, with its next try).
      await processWebhookEvents(this.options.db, client, due, this.options.handlers);
      return { claimed: due.length };
    } catch (error) {
      this.failed("could not sweep webhook events", error);
      return { claimed: 0 };
    }
  }
}
