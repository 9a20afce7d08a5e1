import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  markdownAnchors,
  runbookAnchor,
  seriesIn,
  shippedAlertRules,
  SYNTHETIC_SERIES,
} from "@/test-support/alert-rules";

/**
 * Issue 36: the alert rules Paydesk ships, each with a runbook in docs/operations.md. (That every
 * series they read is in a real scrape is e2e/metrics.spec.ts's check: it needs a running server.)
 */
const rules = shippedAlertRules();
const OPERATIONS = join(process.cwd(), "docs/operations.md");

describe("deploy/prometheus/paydesk-rules.yml", () => {
  it("holds the alerts an operator needs, each with a duration, a severity, a summary and a runbook", () => {
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        "PaydeskInstanceDown",
        "PaydeskDatabaseDown",
        "PaydeskNotReady",
        "PaydeskMailFailing",
        "PaydeskServiceFailing",
        "PaydeskLoopStalled",
        "PaydeskPayoutAwaitingApproval",
        "PaydeskPayoutNoFinalWord",
        "PaydeskWebhookProcessingLag",
        "PaydeskInvoiceRefreshLag",
        "PaydeskInvoicesNotSent",
      ]),
    );
    const incomplete = rules.filter(
      (rule) =>
        !rule.for ||
        !rule.labels?.severity ||
        !rule.annotations?.summary ||
        runbookAnchor(rule) === undefined,
    );
    expect(incomplete.map((rule) => rule.alert)).toEqual([]);
    expect(new Set(rules.map((rule) => rule.alert)).size).toBe(rules.length);
  });

  it("reads Paydesk's series by name in every expression", () => {
    const without = rules.filter((rule) =>
      seriesIn(rule.expr).every((name) => !name.startsWith("paydesk_") && !SYNTHETIC_SERIES.has(name)),
    );
    expect(without.map((rule) => rule.alert)).toEqual([]);
    expect(seriesIn('time() - (a_seconds or b_seconds) > clamp_min(10 * c{loop="x"}, 900)')).toEqual([
      "a_seconds",
      "b_seconds",
      "c",
    ]);
    expect(seriesIn("increase(e_total[15m]) > 2 unless on (instance, job) d == 0")).toEqual(["e_total", "d"]);
  });

  it("names a runbook section that docs/operations.md has", () => {
    expect(existsSync(OPERATIONS), "docs/operations.md holds the runbooks").toBe(true);
    const anchors = markdownAnchors(readFileSync(OPERATIONS, "utf8"));
    const missing = rules.map(runbookAnchor).filter((anchor) => !anchor || !anchors.has(anchor));
    expect(missing).toEqual([]);
  });

  it("finds a Markdown heading's anchor as GitHub makes it", () => {
    expect(markdownAnchors('## Alerts\n\n### PaydeskDatabaseDown\n<a id="custom"></a>')).toEqual(
      new Set(["alerts", "paydeskdatabasedown", "custom"]),
    );
  });
});
