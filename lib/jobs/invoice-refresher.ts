import type { Db } from "@/lib/db/types";
import { refreshInvoice } from "@/lib/invoices/refresh-invoice";
import type { ServiceClient } from "@/lib/service";
import { claimDueInvoices } from "@/lib/invoices/claim-due-invoices";
import { PeriodicJob } from "./periodic-job";
import { runBounded } from "./run-bounded";

export interface InvoiceRefresherOptions {
  db: Db;
  /** Read each round, so a misconfigured service is logged per round instead of failing start-up. */
  client: () => ServiceClient;
  intervalMs?: number;
  batchSize?: number;
  concurrency?: number;
  leaseMs?: number;
  /**
   * How a round's refreshes are run (each never rejects); by default `concurrency` at a time. The
   * server passes its refresh queue, where webhooks go first (lib/webhooks/processing-queue.ts).
   */
  runRefreshes?: (
    invoiceIds: readonly string[],
    refresh: (invoiceId: string) => Promise<void>,
  ) => Promise<void>;
  log?: Pick<Console, "error" | "info">;
}

export interface RoundReport {
  claimed: number;
  refreshed: number;
  failed: number;
}

/**
 * The background loop that keeps open invoices current when webhooks do not arrive: every
 * interval, claim the due ones (see claimDueInvoices) and refresh them with bounded concurrency.
 * Rounds never overlap within an instance; a full batch starts the next round at once.
 */
export class InvoiceRefresher extends PeriodicJob<RoundReport> {
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly log: Pick<Console, "error" | "info">;

  constructor(private readonly options: InvoiceRefresherOptions) {
    super(options.intervalMs ?? 5_000);
    this.batchSize = options.batchSize ?? 50;
    this.concurrency = options.concurrency ?? 4;
    this.leaseMs = options.leaseMs ?? 120_000;
    this.log = options.log ?? console;
  }

  protected filledBatch(report: RoundReport): boolean {
    return report.claimed >= this.batchSize;
  }

  /** Claims due invoices and refreshes them. Never rejects; errors are logged. */
  protected async round(): Promise<RoundReport> {
    const report: RoundReport = { claimed: 0, refreshed: 0, failed: 0 };
    let ids: string[];
    let client: ServiceClient;
    try {
      client = this.options.client();
      ids = await claimDueInvoices(this.options.db, { limit: this.batchSize, leaseMs: this.leaseMs });
    } catch (error) {
      this.log.error("[invoice-refresher] could not claim due invoices", error);
      return report;
    }
    report.claimed = ids.length;
    const runRefreshes =
      this.options.runRefreshes ?? ((all, refresh) => runBounded(all, this.concurrency, refresh));
    await runRefreshes(ids, async (invoiceId) => {
      try {
        const outcome = await refreshInvoice(this.options.db, client, invoiceId, "loop");
        if (outcome.ok) report.refreshed++;
        else report.failed++;
      } catch (error) {
        report.failed++;
        this.log.error(`[invoice-refresher] refreshing invoice ${invoiceId} failed`, error);
      }
    });
    return report;
  }
}
