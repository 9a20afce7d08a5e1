/**
 * `npm run bench` (`-- --quick` for a smoke run on small data): the invoice list's server time at
 * 1,000 and 1,000,000 invoices and the CSV export on PostgreSQL, first-load JavaScript per page,
 * webhook ingestion on PGlite and PostgreSQL (bench/webhooks/), then the withdrawal figures. Every
 * figure ends in one table (MET or MISSED against its target) and in bench/results/latest.json.
 * Without TEST_DATABASE_URL it re-runs itself under test-support/runner/with-postgres.sh (a private
 * throwaway server; never DATABASE_URL's). Never part of npm test.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createTestDb } from "@/test-support/test-db";
import { benchExport } from "./export-bench";
import type { Figure } from "./figures";
import { benchList, explainList, listScenarios, type ListScenario } from "./list-bench";
import { round } from "./measure";
import { measurePageWeight } from "./page-weight";
import { printFigures, writeLatest } from "./report";
import { seedInvoices } from "./seed";
import { benchWebhooks, webhookFigures, type WebhookBenchResult } from "./webhooks/webhook-bench";
import { runWithdrawalBenchmarks } from "./withdrawals-run";

const QUICK = process.argv.includes("--quick");
const SMALL = 1_000;
const LARGE = Number(process.env.BENCH_ROWS ?? (QUICK ? 20_000 : 1_000_000));

if (!process.env.TEST_DATABASE_URL) {
  // A private server always: the bench seeds a million rows, never into DATABASE_URL's server.
  const { DATABASE_URL: _notThisOne, ...inherited } = process.env;
  const env = { ...inherited, PAYDESK_TEST_PG_PORT: process.env.PAYDESK_TEST_PG_PORT ?? "55449" };
  const self = fileURLToPath(import.meta.url);
  const child = spawnSync(
    "bash",
    [
      "test-support/runner/with-postgres.sh",
      process.execPath,
      ...process.execArgv,
      self,
      ...process.argv.slice(2),
    ],
    {
      stdio: "inherit",
      env,
    },
  );
  process.exit(child.status ?? 1);
}

async function measureAt(count: number) {
  const testDb = await createTestDb();
  try {
    const seedStart = Date.now();
    await seedInvoices(testDb.db, count);
    console.log(
      `[bench] seeded ${count.toLocaleString("en")} invoices in ${(Date.now() - seedStart) / 1000} s`,
    );
    const list = await benchList(testDb.db, count);
    const isLarge = count === LARGE;
    const explain = isLarge ? await explainAll(testDb.db, count) : undefined;
    const csv = isLarge ? await benchExport(testDb.db, count) : undefined;
    return { list, explain, csv };
  } finally {
    await testDb.close();
  }
}

async function explainAll(db: Parameters<typeof explainList>[0], count: number) {
  const scenarios = await listScenarios(db, count);
  const plans: Record<string, string> = {};
  for (const [name, query] of Object.entries(scenarios)) plans[name] = await explainList(db, query);
  return plans;
}

const started = Date.now();
const webhookRuns: WebhookBenchResult[] = [];
const small = await measureAt(SMALL);
const large = await measureAt(LARGE);
const table = (Object.keys(small.list) as ListScenario[]).map((scenario) => {
  const a = small.list[scenario];
  const b = large.list[scenario];
  return {
    scenario,
    "p50 1k (ms)": a.p50,
    "p95 1k (ms)": a.p95,
    "p50 1M (ms)": b.p50,
    "p95 1M (ms)": b.p95,
    "p95 ratio 1M/1k": round(b.p95 / a.p95),
    "p95 < 100 ms": b.p95 < 100 ? "yes" : "NO",
  };
});
console.table(table);
console.log("[bench] CSV export:", large.csv);
console.log(
  `[bench] EXPLAIN deep page at ${LARGE.toLocaleString("en")}:\n${large.explain?.["deep page (90%)"]}`,
);

const figures: Figure[] = (Object.keys(small.list) as ListScenario[]).map((scenario) => {
  const p95 = large.list[scenario].p95;
  return {
    name: `invoice list p95 at ${LARGE.toLocaleString("en")}: ${scenario}`,
    value: p95,
    unit: "ms",
    baseline: small.list[scenario].p95,
    baselineName: `${SMALL.toLocaleString("en")} invoices`,
    ratio: round(p95 / small.list[scenario].p95),
    target: "< 100 ms",
    met: p95 < 100,
  };
});
figures.push(...(await measurePageWeight({ port: Number(process.env.BENCH_PORT ?? 34100) })));
const webhookInvoices = QUICK ? 400 : 10_000;
for (const kind of ["PGlite", "PostgreSQL"] as const) {
  const result = await benchWebhooks({ kind, invoices: webhookInvoices, port: 34120 });
  webhookRuns.push(result);
  figures.push(...webhookFigures(result));
}

const resultsDir = fileURLToPath(new URL("./results/", import.meta.url));
mkdirSync(resultsDir, { recursive: true });
const name = `invoice-list-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}`;
const report = {
  node: process.version,
  rows: { small: SMALL, large: LARGE },
  table,
  small,
  large,
  webhookRuns,
};
writeFileSync(`${resultsDir}${name}.json`, `${JSON.stringify(report, null, 2)}\n`);
console.log(`[bench] wrote bench/results/${name}.json in ${round((Date.now() - started) / 1000, 1)} s total`);
await runWithdrawalBenchmarks();
console.log(`[bench] summary (${QUICK ? "quick" : "full"} run):`);
printFigures(figures);
console.log(`[bench] wrote ${writeLatest(figures, { quick: QUICK, rows: { small: SMALL, large: LARGE } })}`);
process.exit(process.exitCode ?? 0);
