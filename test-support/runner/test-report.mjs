#!/usr/bin/env node
// test-report.mjs DIR: the end of `npm test`. From what the runner left in DIR (steps.tsv, each
// runner's JSON report and file times) it prints each step's wall time, each runner's 15 slowest
// files, the tests counted per runner, and the total against the budget; it writes the same to
// DIR/timings.json, kept after the run (test-results/ is not committed).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const BUDGET_SECONDS = 900;
const SLOWEST = 15;
const dir = process.argv[2];
const read = (name) =>
  existsSync(join(dir, name)) ? JSON.parse(readFileSync(join(dir, name), "utf8")) : undefined;

const steps = existsSync(join(dir, "steps.tsv"))
  ? readFileSync(join(dir, "steps.tsv"), "utf8")
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const [name, seconds, status, kind] = line.split("\t");
        // A part ran beside other work, within a step of its own: its time is not added again.
        return { name, seconds: Number(seconds), status, part: kind === "part" };
      })
  : [];

const runners = [];
for (const [key, label] of [
  ["vitest-pglite", "vitest (PGlite)"],
  ["vitest-postgres", "vitest (PostgreSQL)"],
]) {
  const report = read(`${key}.json`);
  if (!report) continue;
  const files = read(`${key}.files.json`) ?? [];
  runners.push({
    label,
    counts: {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + report.numTodoTests,
    },
    slowest: files.sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST),
  });
}

const e2e = read("playwright.json");
if (e2e) {
  // A file's time is the sum of its tests' (hooks included), whichever worker ran them.
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const seconds = test.results.reduce((sum, result) => sum + result.duration, 0) / 1000;
        const file = spec.file ?? suite.file;
        const entry = byFile.get(file) ?? { file: `e2e/${file}`, seconds: 0, tests: 0 };
        entry.seconds += seconds;
        entry.tests += 1;
        byFile.set(file, entry);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of e2e.suites) walk(suite);
  const stats = e2e.stats;
  runners.push({
    label: "playwright",
    counts: { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped },
    slowest: [...byFile.values()]
      .map((entry) => ({ ...entry, seconds: Math.round(entry.seconds * 10) / 10 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST),
  });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
for (const runner of runners) for (const key of Object.keys(totals)) totals[key] += runner.counts[key];
// The wall time since npm test started (or since npm install, under .ci/run), else the steps' sum.
const startedAt = existsSync(join(dir, "started-at"))
  ? Number(readFileSync(join(dir, "started-at"), "utf8"))
  : NaN;
const totalSeconds = Number.isFinite(startedAt)
  ? Math.round(Date.now() / 1000 - startedAt)
  : Math.round(steps.filter((step) => !step.part).reduce((sum, step) => sum + step.seconds, 0));

const pad = (text, width) => String(text).padEnd(width);
const seconds = (value) => `${value.toFixed(1).padStart(7)} s`;
const out = [];
for (const runner of runners) {
  if (runner.slowest.length === 0) continue;
  out.push("", `Slowest files, ${runner.label}:`);
  for (const file of runner.slowest) out.push(`${seconds(file.seconds)}  ${file.file} (${file.tests})`);
}
out.push("", "Steps:");
for (const step of steps) {
  const name = step.part ? `  ${step.name}` : step.name;
  out.push(`${seconds(step.seconds)}  ${pad(name, 60)}${step.status === "ok" ? "" : step.status}`.trimEnd());
}
out.push("", `(kept in ${relative(process.cwd(), join(dir, "timings.json"))})`, "");
for (const runner of runners) {
  const { passed, failed, skipped } = runner.counts;
  out.push(`${runner.label}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}
out.push(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
out.push(`total ${totalSeconds} s (budget ${BUDGET_SECONDS} s)`);
if (totalSeconds > BUDGET_SECONDS) {
  out.push(
    `warning: over budget by ${totalSeconds - BUDGET_SECONDS} s; the slowest steps and files are above`,
  );
}
writeFileSync(
  join(dir, "timings.json"),
  JSON.stringify(
    {
      finishedAt: new Date().toISOString(),
      totalSeconds,
      budgetSeconds: BUDGET_SECONDS,
      steps,
      runners,
      totals,
    },
    null,
    2,
  ) + "\n",
);
// Last, so the run ends with its counts and its total against the budget.
console.log(out.join("\n"));
