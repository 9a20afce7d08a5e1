import type { Db } from "@/lib/db/types";
import type { ServiceClient } from "@/lib/service";
import { isWaitingForBatch } from "@/lib/webhooks/batched-processing";
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
  /** Whether this process's queue still has the event (isWaitingForBatch by default). */
  waitingHere?: (eventId: string) => boolean;
}

export interface SweepReport {
  claimed: number;
}

/**
 * Processes verified webhook events that never took effect: left pending by a process that
 * stopped after answering, or failed (lib/webhooks/process-policy.ts says when). Several
 * instances may run it: each event is claimed by one.
 */
const FIRST_ROUND_AFTER_MS = 2_000;

export class WebhookSweeper extends PeriodicJob<SweepReport> {
  private readonly batchSize: number;

  constructor(private readonly options: WebhookSweeperOptions) {
    super("webhook-sweeper", options.intervalMs ?? 30_000, options.log);
    this.batchSize = options.batchSize ?? 20;
  }

  /** What a stopped or crashed process left due is taken up right after the restart, not an interval later. */
  protected override firstRoundAfterMs(): number {
    return Math.min(this.intervalMs, FIRST_ROUND_AFTER_MS);
  }

  protected filledBatch(report: SweepReport): boolean {
    return report.claimed >= this.batchSize;
  }

  protected async round(): Promise<SweepReport> {
    const now = this.options.now?.() ?? new Date();
    try {
      const claimed = await claimDueWebhookEvents(this.options.db, { limit: this.batchSize, now });
      // A backlog older than the grace is still this process's queue's to do: processing it here
      // too would read the service twice and write each timeline entry twice. The claim's lease
      // brings it back to the sweep if this process stops first.
      const waitingHere =
        this.options.waitingHere ?? ((id: string) => isWaitingForBatch(this.options.db, id));
      const due = claimed.filter((event) => !waitingHere(event.id));
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
