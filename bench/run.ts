/**
 * `npm run bench` (`-- --quick` for a smoke run on small data). On PostgreSQL: the invoice list's
 * query time and its pages over HTTP (GET /invoices, GET /) at 1,000, 1,000,000 and 10,000,000
 * invoices, the CSV export against COPY; on PGlite the pages over HTTP at 1,000 and 100,000. Then
 * first-load JavaScript per page, the create action's overhead, memory over three rounds, webhook
 * ingestion on both databases (bench/webhooks/), GET /api/health under a flood of unsigned webhook
 * bodies, the withdrawal figures and the statement of a month over 10,000,000 ledger rows
 * (bench/statement-bench.ts). Every figure ends in
 * one table (MET or MISSED against its target) and in bench/results/latest.json.
 * Without TEST_DATABASE_URL it re-runs itself under test-support/runner/with-postgres.sh (a private
 * throwaway server; never DATABASE_URL's). Never part of npm test.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createTestDb } from "@/test-support/test-db";
import { seedBenchUsers } from "./bench-users";
import { benchCreateInvoiceOverhead, createOverheadFigures } from "./create-invoice-overhead";
import pg from "pg";
import { exportCsvStream } from "@/lib/invoices/csv-export";
import { copyExportStream } from "@/lib/invoices/csv-export-copy";
import { copyBaseline } from "./copy-baseline";
import { benchExport } from "./export-bench";
import type { Figure } from "./figures";
import { benchList, explainList, listScenarios, type ListScenario } from "./list-bench";
import { round } from "./measure";
import { benchMemoryRounds, memoryFigures } from "./memory-rounds";
import { measurePageWeight } from "./page-weight";
import { printFigures, writeLatest } from "./report";
import { seedInvoices, seedPaymentsAndEvents } from "./seed";
import { listOverHttpInTurns, type HttpTarget } from "./list-over-http";
import { httpListFigures } from "./list-over-http-figures";
import { freshDatabase } from "./webhooks/bench-database";
import { benchUnsignedFlood, unsignedFloodFigures } from "./webhooks/unsigned-flood";
import { benchWebhooks, webhookFigures, type WebhookBenchResult } from "./webhooks/webhook-bench";
import { runWithdrawalBenchmarks } from "./withdrawals-run";
import { benchStatement } from "./statement-bench";

const QUICK = process.argv.includes("--quick");
const SMALL = 1_000;
const LARGE = Number(process.env.BENCH_ROWS ?? (QUICK ? 100_000 : 1_000_000));

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

const HUGE = QUICK ? undefined : Number(process.env.BENCH_HUGE_ROWS ?? 10_000_000);
const PGLITE_ROWS = QUICK ? 20_000 : 100_000;
const HTTP_RUNS = QUICK ? 40 : 300;
const HTTP_PORT = Number(process.env.BENCH_PORT ?? 34100) + 10;

/**
 * Seeds `count` invoices (and the bench's users, for its server) into a database of its own and
 * measures what needs no server; kept open.
 */
async function seedAndMeasure(count: number) {
  const testDb = await createTestDb();
  await seedBenchUsers(testDb.db);
  const seedStart = Date.now();
  await seedInvoices(testDb.db, count);
  await seedPaymentsAndEvents(testDb.db, count);
  console.log(
    `[bench] seeded ${count.toLocaleString("en")} invoices in ${(Date.now() - seedStart) / 1000} s`,
  );
  const list = await benchList(testDb.db, count);
  const isLarge = count === LARGE;
  const explain = isLarge ? await explainAll(testDb.db, count) : undefined;
  const csv = isLarge ? await benchExports(testDb, count) : undefined;
  const copy = isLarge ? await copyBaseline(testDb.db, testDb.url ?? "", count) : undefined;
  const target = {
    env: { DATABASE_URL: testDb.url ?? "", PAYDESK_DATA_DIR: "" },
    scenarios: await listScenarios(testDb.db, count),
  };
  return { count, list, explain, csv, copy, target, close: () => testDb.close() };
}

/**
 * The export as the route streams it on PostgreSQL (COPY with the cells in SQL), and as PGlite's
 * path formats it in JavaScript (reported beside it).
 */
async function benchExports(testDb: Awaited<ReturnType<typeof createTestDb>>, count: number) {
  const pool = new pg.Pool({ connectionString: testDb.url, max: 2 });
  try {
    return {
      route: await benchExport(() => copyExportStream(pool, {}), count),
      javascript: await benchExport(() => exportCsvStream(testDb.db, {}), count),
    };
  } finally {
    await pool.end();
  }
}

/** A PGlite database seeded from here, closed again so that a server can open it (one process at a time). */
async function seedPglite(count: number): Promise<HttpTarget & { dispose(): Promise<void> }> {
  const database = await freshDatabase("PGlite");
  const seeding = await database.open();
  await seedInvoices(seeding.db, count);
  await seedPaymentsAndEvents(seeding.db, count);
  const scenarios = await listScenarios(seeding.db, count);
  await seeding.close();
  return { env: database.env, scenarios, dispose: () => database.dispose() };
}

async function explainAll(db: Parameters<typeof explainList>[0], count: number) {
  const scenarios = await listScenarios(db, count);
  const plans: Record<string, string> = {};
  for (const [name, query] of Object.entries(scenarios)) plans[name] = await explainList(db, query);
  return plans;
}

const started = Date.now();
/** Prints how far the run is, so a slow part stands out. */
const lap = (done: string) =>
  console.log(`[bench] ${done} (${round((Date.now() - started) / 1000, 1)} s in)`);
const webhookRuns: WebhookBenchResult[] = [];
const postgres = [];
for (const count of [SMALL, LARGE, ...(HUGE ? [HUGE] : [])]) postgres.push(await seedAndMeasure(count));
lap("PostgreSQL seeded, its queries and the export measured");
const postgresHttp = await listOverHttpInTurns(
  postgres.map((measured) => measured.target),
  { port: HTTP_PORT, runs: HTTP_RUNS },
);
for (const measured of postgres) await measured.close();
const [small, large] = postgres;
const [smallHttp, largeHttp, hugeHttp] = postgresHttp;
if (!small || !large || !smallHttp || !largeHttp) throw new Error("the PostgreSQL measurements are missing");
console.log("[bench] over HTTP on PostgreSQL:", JSON.stringify(postgresHttp));
lap("PostgreSQL's pages over HTTP measured");
const pgliteDatabases = [await seedPglite(SMALL), await seedPglite(PGLITE_ROWS)];
const [pgliteSmall, pglite] = await listOverHttpInTurns(pgliteDatabases, {
  port: HTTP_PORT,
  runs: HTTP_RUNS,
});
for (const database of pgliteDatabases) await database.dispose();
if (!pgliteSmall || !pglite) throw new Error("the PGlite measurements are missing");
console.log("[bench] over HTTP on PGlite:", JSON.stringify([pgliteSmall, pglite]));
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
console.log("[bench] CSV export:", large.csv, "COPY:", large.copy);
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
if (large.csv && large.copy) {
  const { route, javascript } = large.csv;
  figures.push(
    {
      name: `CSV export of ${LARGE.toLocaleString("en")} invoices, rows per second (PostgreSQL)`,
      value: route.rowsPerSecond,
      unit: "rows/s",
      baseline: large.copy.rowsPerSecond,
      baselineName: "COPY (the export's query) TO STDOUT, same driver",
      ratio: round(route.rowsPerSecond / large.copy.rowsPerSecond),
      target: ">= 0.5 of COPY",
      met: route.rowsPerSecond >= 0.5 * large.copy.rowsPerSecond,
    },
    {
      name: "CSV export, peak RSS growth (PostgreSQL)",
      value: route.peakRssGrowthMb,
      unit: "MB",
      target: "reported (flat: one chunk in flight)",
    },
    {
      name: "CSV export formatted in JavaScript (PGlite's path), rows per second",
      value: javascript.rowsPerSecond,
      unit: "rows/s",
      baseline: large.copy.rowsPerSecond,
      baselineName: "COPY",
      ratio: round(javascript.rowsPerSecond / large.copy.rowsPerSecond),
      target: "reported",
    },
  );
}
figures.push(
  ...httpListFigures(smallHttp, hugeHttp ?? largeHttp, {
    count: HUGE ?? LARGE,
    baselineCount: SMALL,
    kind: "PostgreSQL",
    runs: HTTP_RUNS,
  }),
  ...httpListFigures(pgliteSmall, pglite, {
    count: PGLITE_ROWS,
    baselineCount: SMALL,
    kind: "PGlite",
    runs: HTTP_RUNS,
  }),
);
lap("PGlite's pages over HTTP measured");
figures.push(...(await measurePageWeight({ port: Number(process.env.BENCH_PORT ?? 34100) })));
lap("page weight measured");
const createOverhead = await benchCreateInvoiceOverhead(HTTP_PORT, QUICK ? 50 : 200);
console.log("[bench] create-invoice action and direct call:", createOverhead);
figures.push(...createOverheadFigures(createOverhead));
const memoryRounds = await benchMemoryRounds({
  port: HTTP_PORT,
  webhooksPerRound: QUICK ? 200 : 1_000,
  listRuns: QUICK ? 30 : 100,
});
figures.push(...memoryFigures(memoryRounds));
lap("create action and memory measured");
const webhookInvoices = QUICK ? 300 : 10_000;
for (const kind of ["PGlite", "PostgreSQL"] as const) {
  const result = await benchWebhooks({
    kind,
    invoices: webhookInvoices,
    port: 34120,
    warmUp: QUICK ? 100 : 1_000,
    steadySeconds: QUICK ? 15 : 60,
  });
  webhookRuns.push(result);
  figures.push(...webhookFigures(result));
  lap(`webhooks on ${kind} measured`);
}
const unsignedFlood = await benchUnsignedFlood({
  port: Number(process.env.BENCH_PORT ?? 34100) + 30,
  requests: QUICK ? 1_500 : 6_000,
  rounds: 3,
});
console.log(
  "[bench] GET /api/health idle and under a flood of unsigned bodies:",
  JSON.stringify(unsignedFlood),
);
figures.push(...unsignedFloodFigures(unsignedFlood));
lap("GET /api/health under a flood of unsigned webhook bodies measured");

const resultsDir = fileURLToPath(new URL("./results/", import.meta.url));
mkdirSync(resultsDir, { recursive: true });
const name = `invoice-list-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}`;
const report = {
  node: process.version,
  rows: { small: SMALL, large: LARGE },
  table,
  postgres: postgres.map(({ count, list, explain, csv, copy }, index) => ({
    count,
    list,
    explain,
    csv,
    copy,
    http: postgresHttp[index],
  })),
  pgliteHttp: { small: pgliteSmall, large: pglite },
  createOverhead,
  memoryRounds,
  webhookRuns,
  unsignedFlood,
};
writeFileSync(`${resultsDir}${name}.json`, `${JSON.stringify(report, null, 2)}\n`);
console.log(`[bench] wrote bench/results/${name}.json in ${round((Date.now() - started) / 1000, 1)} s total`);
figures.push(...(await runWithdrawalBenchmarks({ quick: QUICK })));
figures.push(
  ...(await benchStatement({
    rows: Number(process.env.BENCH_STATEMENT_ROWS ?? (QUICK ? 200_000 : 10_000_000)),
    runs: QUICK ? 10 : 20,
  })),
);
lap("the statement measured");
console.log(`[bench] summary (${QUICK ? "quick" : "full"} run):`);
printFigures(figures);
console.log(`[bench] wrote ${writeLatest(figures, { quick: QUICK, rows: { small: SMALL, large: LARGE } })}`);
process.exit(process.exitCode ?? 0);
