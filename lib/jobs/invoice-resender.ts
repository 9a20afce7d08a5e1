import type { Invoice } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { claimDueSend } from "@/lib/invoices/claim-due-send";
import { resendClaimed } from "@/lib/invoices/resend-invoice";
import type { ServiceClient } from "@/lib/service";
import { leaseCoveringCall } from "@/lib/service/call-lease";
import { PeriodicJob, type LoopLog } from "./periodic-job";

export interface InvoiceResenderOptions {
  db: Db;
  /** Read each round, so a misconfigured service is logged per round instead of failing start-up. */
  client: () => ServiceClient;
  intervalMs?: number;
  batchSize?: number;
  log?: LoopLog;
}

export interface ResendReport {
  due: number;
  /** Confirmed by the service: the invoice exists (made now, or by an earlier call). */
  created: number;
  /** Still unanswered: sent again later, or, past the last attempt, left for a person. */
  unanswered: number;
  /** Refused by the service (422): the creator edits and sends it again. */
  rejected: number;
}

/**
 * The loop that takes invoice creations to an answer: every few seconds, claim the unconfirmed
 * ones whose next attempt is due (a timeout, a 5xx, a process that died mid-call), one at a time,
 * and send each again with the same order id. Several instances may run it: claimDueSend gives
 * each due creation to one of them, with a lease covering its call. After the last attempt
 * (lib/service/resend-backoff.ts) a creation is no longer due: it waits on the home page.
 */
export class InvoiceResender extends PeriodicJob<ResendReport> {
  private readonly batchSize: number;

  constructor(private readonly options: InvoiceResenderOptions) {
    super("invoice-resender", options.intervalMs ?? 3_000, options.log);
    this.batchSize = options.batchSize ?? 20;
  }

  protected filledBatch(report: ResendReport): boolean {
    return report.due >= this.batchSize;
  }

  /** Never rejects; errors are logged. */
  protected async round(): Promise<ResendReport> {
    const report: ResendReport = { due: 0, created: 0, unanswered: 0, rejected: 0 };
    while (report.due < this.batchSize) {
      let claimed: Invoice | null;
      let client: ServiceClient;
      try {
        client = this.options.client();
        claimed = await claimDueSend(this.options.db, leaseCoveringCall(client));
      } catch (error) {
        this.failed("could not claim a due creation", error);
        return report;
      }
      if (!claimed) return report;
      report.due++;
      try {
        const outcome = await resendClaimed(this.options.db, client, claimed);
        if (outcome.ok) report.created++;
        else if (outcome.retryable) {
          report.unanswered++;
          this.recordFailure(`the service: ${outcome.message}`);
        } else report.rejected++;
      } catch (error) {
        // Its lease runs out and a later round sends it again.
        report.unanswered++;
        this.failed(`sending invoice ${claimed.id} again failed`, error);
      }
    }
    return report;
  }
}
