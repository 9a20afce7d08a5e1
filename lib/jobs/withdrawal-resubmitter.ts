import { and, eq, inArray, sql } from "drizzle-orm";
import { withdrawals } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import type { ServiceClient } from "@/lib/service";
import { applyServiceReport } from "@/lib/withdrawals/apply-service-report";
import { resubmitDueWithdrawals } from "@/lib/withdrawals/resubmit-due";
import { FINAL_SERVICE_STATUSES } from "@/lib/withdrawals/service-status";
import { markStalePayouts } from "@/lib/withdrawals/stale-payouts";
import { PeriodicJob, type LoopLog } from "./periodic-job";

export interface WithdrawalResubmitterOptions {
  db: Db;
  /** Read each round, so a misconfigured service is logged per round instead of failing start-up. */
  client: () => ServiceClient;
  intervalMs?: number;
  batchSize?: number;
  log?: LoopLog;
}

export interface ResubmitReport {
  due: number;
  submitted: number;
  failed: number;
  unknown: number;
  /** The service answered with another payout. */
  conflict: number;
  /** Not sent: too few approvals count now (an approver disabled or demoted, a raised threshold). */
  approvals_lapsed: number;
  /** Not sent: a refund its invoice no longer owes went back to its requester. */
  refund_returned: number;
  /** Sent again for a payout that may have been paid after all: stopped, not sent. */
  predecessor_paid: number;
  /** Submitted withdrawals whose stored service status was already final, moved on. */
  settled: number;
  /** Submitted withdrawals with no final word by their deadline, now needing review. */
  stale: number;
}

/**
 * The loop that takes every payout to an end: every few seconds, resubmit the due "unknown"
 * withdrawals (same order_id, so the service answers with the payout already made), settle those
 * whose final service status arrived while they were in flight (a webhook during "submitting",
 * or a resubmit answered "paid"), and send submitted ones whose final word never came to review.
 * Several instances may run it: only the one whose conditional move into "submitting" wins calls
 * the service, and the stale ones are claimed with SKIP LOCKED.
 */
export class WithdrawalResubmitter extends PeriodicJob<ResubmitReport> {
  private readonly batchSize: number;

  constructor(private readonly options: WithdrawalResubmitterOptions) {
    super("withdrawal-resubmitter", options.intervalMs ?? 3_000, options.log);
    this.batchSize = options.batchSize ?? 20;
  }

  protected filledBatch(report: ResubmitReport): boolean {
    return report.due >= this.batchSize;
  }

  /** Never rejects; errors are logged. */
  protected async round(): Promise<ResubmitReport> {
    const report: ResubmitReport = {
      due: 0,
      submitted: 0,
      failed: 0,
      unknown: 0,
      conflict: 0,
      approvals_lapsed: 0,
      refund_returned: 0,
      predecessor_paid: 0,
      settled: 0,
      stale: 0,
    };
    try {
      const outcomes = await resubmitDueWithdrawals(this.options.db, this.options.client(), this.batchSize);
      report.due = outcomes.length;
      for (const outcome of outcomes) if (outcome.result !== "not_mine") report[outcome.result]++;
    } catch (error) {
      this.failed("resubmitting failed", error);
    }
    try {
      report.settled = await settleReportedFinal(this.options.db, this.batchSize);
    } catch (error) {
      this.failed("settling reported statuses failed", error);
    }
    try {
      report.stale = await markStalePayouts(this.options.db, this.batchSize);
    } catch (error) {
      this.failed("marking stale payouts failed", error);
    }
    return report;
  }
}

/** Moves submitted withdrawals whose stored service status is final to paid / service_failed. */
export async function settleReportedFinal(db: Db, limit: number): Promise<number> {
  const rows = await db
    .select({ orderId: withdrawals.orderId, serviceStatus: withdrawals.serviceStatus })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.state, "submitted"),
        inArray(sql<string>`lower(${withdrawals.serviceStatus})`, FINAL_SERVICE_STATUSES),
      ),
    )
    .limit(limit);
  let settled = 0;
  for (const row of rows) {
    if (!row.serviceStatus) continue;
    const result = await applyServiceReport(db, { orderId: row.orderId, status: row.serviceStatus }, "loop");
    if (result.kind === "moved") settled++;
  }
  return settled;
}
