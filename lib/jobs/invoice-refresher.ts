import type { Db } from "@/lib/db/types";
import { refreshInvoice } from "@/lib/invoices/refresh-invoice";
import type { ServiceClient } from "@/lib/service";
import { leaseCoveringCall } from "@/lib/service/call-lease";
import { claimDueInvoices } from "@/lib/invoices/claim-due-invoices";
import { PeriodicJob, type LoopLog } from "./periodic-job";
import { createPollBudget, type PollBudget } from "./poll-budget";
import { runBounded } from "./run-bounded";

export interface InvoiceRefresherOptions {
  db: Db;
  /** Read each round, so a misconfigured service is logged per round instead of failing start-up. */
  client: () => ServiceClient;
  intervalMs?: number;
  batchSize?: number;
  concurrency?: number;
  /** Polls a second this loop may make (PAYDESK_POLL_BUDGET_PER_SECOND); by default 20 a second. */
  pollBudget?: PollBudget;
  /**
   * How a round's refreshes are run (each never rejects); by default `concurrency` at a time. The
   * server passes its refresh queue, where webhooks go first (lib/webhooks/processing-queue.ts).
   */
  runRefreshes?: (
    invoiceIds: readonly string[],
    refresh: (invoiceId: string) => Promise<void>,
  ) => Promise<void>;
  log?: LoopLog;
}

export interface RoundReport {
  claimed: number;
  refreshed: number;
  failed: number;
}

/**
 * The background loop that keeps invoices current when webhooks do not arrive: every interval,
 * claim the due ones (see claimDueInvoices), as many as the polling budget grants, and refresh
 * them with bounded concurrency. A claim is leased for the client's worst-case call, so no other
 * instance takes it over while the call may still answer. Rounds never overlap within an
 * instance; a full batch starts the next round at once, one the budget cut short when the budget
 * has polls again.
 */
export class InvoiceRefresher extends PeriodicJob<RoundReport> {
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly pollBudget: PollBudget;
  /** Set by a round that claimed all the budget granted, less than a batch: when to try again. */
  private budgetRetryInMs: number | null = null;

  constructor(private readonly options: InvoiceRefresherOptions) {
    super("invoice-refresher", options.intervalMs ?? 5_000, options.log);
    this.batchSize = options.batchSize ?? 50;
    this.concurrency = options.concurrency ?? 4;
    this.pollBudget = options.pollBudget ?? createPollBudget(20);
  }

  protected filledBatch(report: RoundReport): boolean {
    return report.claimed >= this.batchSize;
  }

  protected delayAfter(report: RoundReport): number {
    return this.budgetRetryInMs ?? super.delayAfter(report);
  }

  /** Claims due invoices and refreshes them. Never rejects; errors are logged. */
  protected async round(): Promise<RoundReport> {
    const report: RoundReport = { claimed: 0, refreshed: 0, failed: 0 };
    this.budgetRetryInMs = null;
    let ids: string[];
    let client: ServiceClient;
    try {
      client = this.options.client();
      const { granted, retryInMs } = await this.pollBudget.take(this.batchSize);
      ids =
        granted === 0
          ? []
          : await claimDueInvoices(this.options.db, { limit: granted, leaseMs: leaseCoveringCall(client) });
      await this.pollBudget.giveBack(granted - ids.length);
      // More may be due than the budget let this round take.
      if (granted < this.batchSize && ids.length === granted) this.budgetRetryInMs = retryInMs;
    } catch (error) {
      this.failed("could not claim due invoices", error);
      return report;
    }
    report.claimed = ids.length;
    const runRefreshes =
      this.options.runRefreshes ?? ((all, refresh) => runBounded(all, this.concurrency, refresh));
    await runRefreshes(ids, async (invoiceId) => {
      try {
        const outcome = await refreshInvoice(this.options.db, client, invoiceId, "loop");
        if (outcome.ok) report.refreshed++;
        else {
          report.failed++;
          // Not logged (the invoice records it), but the service failing is what the System page is for.
          if (outcome.reason === "service_error") this.recordFailure(`the service: ${outcome.message}`);
        }
      } catch (error) {
        report.failed++;
        this.failed(`refreshing invoice ${invoiceId} failed`, error);
      }
    });
    return report;
  }
}
