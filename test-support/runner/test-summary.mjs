#!/usr/bin/env node
// Prints one line per runner and the overall "N passed, N failed" from their JSON reports.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2];
const read = (name) =>
  existsSync(join(dir, name)) ? JSON.parse(readFileSync(join(dir, name), "utf8")) : undefined;
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

for (const [name, label] of [
  ["vitest-pglite.json", "vitest (PGlite)"],
  ["vitest-postgres.json", "vitest (PostgreSQL)"],
]) {
  const report = read(name);
  if (!report) continue;
  const counts = {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
  lines.push(`${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  for (const key of Object.keys(totals)) totals[key] += counts[key];
}

const e2e = read("playwright.json");
if (e2e) {
  const stats = e2e.stats;
  const counts = { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
  lines.push(`playwright: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  for (const key of Object.keys(totals)) totals[key] += counts[key];
}

console.log("\n" + lines.join("\n"));
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
