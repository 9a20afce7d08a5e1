/**
 * Withdrawal benchmarks: (1) submissions per second through the whole request -> approve ->
 * submit path against the sandbox over HTTP; (2) doubled payouts under 1,000 fault-injected
 * submissions (dropped connections after commit, 5xx, latency beyond the client's timeout), then
 * resubmit rounds until nothing is unknown. Doubled = service debits beyond one per order_id, by
 * balance arithmetic, plus a GET of every service withdrawal. Must be 0.
 */
import { eq, sql } from "drizzle-orm";
import { withdrawals } from "@/lib/db/schema";
import { approveWithdrawal } from "@/lib/withdrawals/decide";
import { requestWithdrawal } from "@/lib/withdrawals/request-withdrawal";
import { resubmitDueWithdrawals } from "@/lib/withdrawals/resubmit-due";
import { submitWithdrawal } from "@/lib/withdrawals/submit-withdrawal";
import { runBounded } from "@/lib/jobs/run-bounded";
import { round } from "./measure";
import { benchForm, DEBIT_PER_PAYOUT_MICRO, usdtBalanceMicro, type WithdrawalRig } from "./withdrawals-rig";

const approverFor = (rig: WithdrawalRig, index: number) =>
  index % 2 === 0 ? rig.approvers[0] : rig.approvers[1];

async function requestAndApprove(rig: WithdrawalRig, index: number): Promise<string> {
  const request = await requestWithdrawal(rig.testDb.db, benchForm(), rig.requester);
  await approveWithdrawal(rig.testDb.db, request.id, approverFor(rig, index));
  return request.id;
}

export interface ThroughputResult {
  concurrency: number;
  submissions: number;
  seconds: number;
  perSecond: number;
  submitted: number;
}

/** The whole path per withdrawal, `concurrency` withdrawals in flight at once. */
export async function benchThroughput(
  rig: WithdrawalRig,
  count: number,
  concurrency: number,
): Promise<ThroughputResult> {
  await rig.control("PUT", "/balances/USDT", { amount: "10000000" });
  const client = rig.client();
  let submitted = 0;
  const start = process.hrtime.bigint();
  await runBounded(
    Array.from({ length: count }, (_, i) => i),
    concurrency,
    async (index) => {
      const id = await requestAndApprove(rig, index);
      const outcome = await submitWithdrawal(rig.testDb.db, client, id, {
        actorId: approverFor(rig, index),
        source: "user",
      });
      if (outcome.result === "submitted") submitted++;
    },
  );
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return {
    concurrency,
    submissions: count,
    seconds: round(seconds),
    perSecond: round(count / seconds, 1),
    submitted,
  };
}

export const FAULT_PHASES = [
  { name: "drop after commit 50%", faults: { drop_after_commit_rate: 0.5 }, timeoutMs: 5_000 },
  { name: "5xx 50%", faults: { error_rate: 0.5 }, timeoutMs: 5_000 },
  { name: "latency 300 ms, timeout 150 ms", faults: { latency_ms: 300 }, timeoutMs: 150 },
  {
    name: "mixed drop 30% + 5xx 30%",
    faults: { drop_after_commit_rate: 0.3, error_rate: 0.3 },
    timeoutMs: 5_000,
  },
] as const;

export interface FaultResult {
  submissions: number;
  firstPass: Record<string, { submitted: number; unknown: number; failed: number }>;
  resubmitRounds: number;
  resubmitted: number;
  finalStates: Record<string, number>;
  distinctServiceIds: number;
  serviceRecordsChecked: number;
  serviceRecordMismatches: number;
  expectedDebitUsdt: string;
  actualDebitUsdt: string;
  doubledPayouts: number;
  seconds: number;
}

/** 1,000 submissions split over the fault phases, 20 in flight, then resubmit rounds. */
export async function benchFaults(rig: WithdrawalRig, count = 1_000): Promise<FaultResult> {
  const { db } = rig.testDb;
  await db.delete(withdrawals);
  await rig.control("DELETE", "/faults");
  await rig.control("PUT", "/balances/USDT", { amount: "10000000" });
  const before = await usdtBalanceMicro(rig);
  const start = process.hrtime.bigint();
  const perPhase = Math.ceil(count / FAULT_PHASES.length);
  const firstPass: FaultResult["firstPass"] = {};
  let made = 0;
  for (const phase of FAULT_PHASES) {
    const size = Math.min(perPhase, count - made);
    const ids: string[] = [];
    for (let i = 0; i < size; i++) ids.push(await requestAndApprove(rig, made + i));
    made += size;
    const tally = {
      submitted: 0,
      unknown: 0,
      failed: 0,
      conflict: 0,
      approvals_lapsed: 0,
      refund_returned: 0,
      predecessor_paid: 0,
    };
    const client = rig.client(phase.timeoutMs);
    await rig.control("POST", "/faults", phase.faults);
    await runBounded(ids, 20, async (id) => {
      const outcome = await submitWithdrawal(db, client, id, { source: "user" });
      if (outcome.result !== "not_mine") tally[outcome.result]++;
    });
    await rig.control("DELETE", "/faults");
    firstPass[phase.name] = tally;
  }

  // What the background loop does, without its backoff: resubmit until nothing is unknown.
  let rounds = 0;
  let resubmitted = 0;
  for (; rounds < 50; rounds++) {
    await db
      .update(withdrawals)
      .set({ nextSubmitAt: sql`now()` })
      .where(eq(withdrawals.state, "unknown"));
    const outcomes = await resubmitDueWithdrawals(db, rig.client(), 2_000, new Date(Date.now() + 1_000));
    if (outcomes.length === 0) break;
    resubmitted += outcomes.length;
  }
  const rows = await db.select().from(withdrawals);
  const finalStates: Record<string, number> = {};
  for (const row of rows) finalStates[row.state] = (finalStates[row.state] ?? 0) + 1;
  const check = await checkServiceRecords(rig, rows);
  const debit = before - (await usdtBalanceMicro(rig));
  const expected = BigInt(rows.filter((row) => row.serviceId).length) * DEBIT_PER_PAYOUT_MICRO;
  return {
    submissions: count,
    firstPass,
    resubmitRounds: rounds,
    resubmitted,
    finalStates,
    distinctServiceIds: new Set(rows.map((row) => row.serviceId).filter(Boolean)).size,
    serviceRecordsChecked: check.checked,
    serviceRecordMismatches: check.mismatches,
    expectedDebitUsdt: microText(expected),
    actualDebitUsdt: microText(debit),
    doubledPayouts: Number((debit - expected) / DEBIT_PER_PAYOUT_MICRO),
    seconds: round(Number(process.hrtime.bigint() - start) / 1e9),
  };
}

/** GET every service withdrawal Paydesk holds: it must exist and carry its own order_id. */
async function checkServiceRecords(
  rig: WithdrawalRig,
  rows: { orderId: string; serviceId: string | null }[],
) {
  let checked = 0;
  let mismatches = 0;
  await runBounded(rows, 20, async (row) => {
    if (!row.serviceId) return;
    checked++;
    const record = (await rig.control("GET", `/withdrawals/${row.serviceId}`).catch(() => null)) as {
      order_id?: string;
    } | null;
    if (record?.order_id !== row.orderId) mismatches++;
  });
  return { checked, mismatches };
}

const microText = (micro: bigint) =>
  `${micro / 1_000_000n}.${(micro % 1_000_000n).toString().padStart(6, "0")}`.replace(/\.?0+$/, "");
