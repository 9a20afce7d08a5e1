/**
 * Runs the withdrawal benchmarks, prints them and writes bench/results/withdrawals-<time>.json.
 * Called by bench/run.ts after the invoice benchmarks (PostgreSQL), or alone:
 * `node --conditions=react-server --import tsx bench/withdrawals-run.ts` (PGlite unless
 * TEST_DATABASE_URL is set).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { benchFaults, benchThroughput } from "./withdrawals-bench";
import { startWithdrawalRig } from "./withdrawals-rig";

export async function runWithdrawalBenchmarks(): Promise<void> {
  const started = Date.now();
  const rig = await startWithdrawalRig();
  const database = rig.testDb.kind;
  try {
    console.log(`[bench] withdrawals: Paydesk on ${database}, sandbox on in-memory PGlite over HTTP`);
    const throughput = [await benchThroughput(rig, 300, 1), await benchThroughput(rig, 500, 10)];
    console.table(
      throughput.map((t) => ({
        "in flight": t.concurrency,
        withdrawals: t.submissions,
        seconds: t.seconds,
        "submissions/s": t.perSecond,
        submitted: t.submitted,
      })),
    );
    const faults = await benchFaults(rig, 1_000);
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
  } finally {
    await rig.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await runWithdrawalBenchmarks();
  process.exit(process.exitCode ?? 0);
}
