/**
 * Runs the withdrawal benchmarks, prints them and writes bench/results/withdrawals-<time>.json.
 * Called by bench/run.ts after the invoice benchmarks (PostgreSQL), or alone:
 * `node --conditions=react-server --import tsx bench/withdrawals-run.ts` (PGlite unless
 * TEST_DATABASE_URL is set).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Figure } from "./figures";
import { round } from "./measure";
import { benchFaults, benchThroughput } from "./withdrawals-bench";
import { startWithdrawalRig } from "./withdrawals-rig";

/** `quick`: a fifth of the withdrawals, for the smoke run. Answers the summary table's rows. */
export async function runWithdrawalBenchmarks({ quick = false } = {}): Promise<Figure[]> {
  const scale = quick ? 0.2 : 1;
  const started = Date.now();
  const rig = await startWithdrawalRig();
  const database = rig.testDb.kind;
  try {
    console.log(`[bench] withdrawals: Paydesk on ${database}, sandbox on in-memory PGlite over HTTP`);
    const throughput = [
      await benchThroughput(rig, 300 * scale, 1),
      await benchThroughput(rig, 500 * scale, 10),
    ];
    console.table(
      throughput.map((t) => ({
        "in flight": t.concurrency,
        withdrawals: t.submissions,
        seconds: t.seconds,
        "submissions/s": t.perSecond,
        submitted: t.submitted,
      })),
    );
    const faults = await benchFaults(rig, 1_000 * scale);
    console.table(faults.firstPass);
    console.table({
      "resubmit rounds": faults.resubmitRounds,
      "final states": JSON.stringify(faults.finalStates),
      "distinct service ids": faults.distinctServiceIds,
      "service records checked / mismatched": `${faults.serviceRecordsChecked} / ${faults.serviceRecordMismatches}`,
      "debit expected / actual (USDT)": `${faults.expectedDebitUsdt} / ${faults.actualDebitUsdt}`,
      "doubled payouts": faults.doubledPayouts,
      seconds: faults.seconds,
    });
    const resultsDir = fileURLToPath(new URL("./results/", import.meta.url));
    mkdirSync(resultsDir, { recursive: true });
    const name = `withdrawals-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}`;
    const report = { node: process.version, database, sandbox: "pglite (memory), HTTP", throughput, faults };
    writeFileSync(`${resultsDir}${name}.json`, `${JSON.stringify(report, null, 2)}\n`);
    console.log(
      `[bench] wrote bench/results/${name}.json in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    if (faults.doubledPayouts !== 0 || faults.serviceRecordMismatches !== 0) {
      process.exitCode = 1;
      console.error("[bench] DOUBLED OR MISMATCHED PAYOUTS");
    }
    const [one, ten] = throughput;
    return [
      {
        name: `withdrawal payouts per second, 10 in flight (${database})`,
        value: ten?.perSecond ?? 0,
        unit: "/s",
        baseline: one?.perSecond ?? 0,
        baselineName: "one at a time",
        ratio: round((ten?.perSecond ?? 0) / (one?.perSecond ?? 1)),
        target: "reported",
      },
      {
        name: `doubled payouts, ${1_000 * scale} submissions under faults (USDT debited ${faults.actualDebitUsdt} of ${faults.expectedDebitUsdt} expected)`,
        value: faults.doubledPayouts,
        unit: "payouts",
        target: "0, every service record with its own order_id",
        met: faults.doubledPayouts === 0 && faults.serviceRecordMismatches === 0,
      },
    ];
  } finally {
    await rig.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runWithdrawalBenchmarks({ quick: process.argv.includes("--quick") });
  process.exit(process.exitCode ?? 0);
}
