import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { animationsFinished } from "./support/animations";

/** The standard of issue #8: WCAG 2.2 AA plus axe's best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa", "best-practice"];
/**
 * Rules wanted on top of the tags. label-content-name-mismatch is tagged `experimental`, which a
 * tag filter never selects, and AxeBuilder's withRules() would replace withTags() instead of adding
 * to it; an explicit `enabled: true` in the options runs it alongside the tags.
 */
export const EXTRA_RULES = ["label-content-name-mismatch"];

export type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/** Runs axe on the page, or only inside `include` (a CSS selector), with the standard above. */
export async function runAxe(page: Page, include?: string): Promise<AxeResults> {
  // axe measures colours as they are drawn: a toast still fading in reads as too little contrast.
  await animationsFinished(page);
  const builder = new AxeBuilder({ page }).options({
    runOnly: { type: "tag", values: AXE_TAGS },
    rules: Object.fromEntries(EXTRA_RULES.map((id) => [id, { enabled: true }])),
  });
  if (include) builder.include(include);
  return builder.analyze();
}

/** One block per violation: the rule, its impact and help, then each offending node and why. */
export function formatViolations(violations: AxeResults["violations"]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => {
          const why = (node.failureSummary ?? "").replace(/\n\s*/g, " ");
          return `    - ${node.target.join(" ")}\n      ${node.html.slice(0, 200)}\n      ${why}`;
        })
        .join("\n");
      return `[${violation.impact ?? "?"}] ${violation.id}: ${violation.help}\n  ${violation.helpUrl}\n${nodes}`;
    })
    .join("\n\n");
}

export async function expectNoAxeViolations(page: Page, include?: string): Promise<AxeResults> {
  const results = await runAxe(page, include);
  // Comparing text, not objects, so a failure prints the violations readably.
  expect(formatViolations(results.violations), `axe violations on ${page.url()}`).toBe("");
  return results;
}

/**
 * Nothing scrolls sideways, and no control sits outside the viewport (a table's actions hidden
 * off-screen in its own scroller would pass the first check and fail the second).
 */
export async function expectFitsViewport(page: Page): Promise<void> {
  const report = await page.evaluate(() => {
    const width = window.innerWidth;
    const selector = "a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex='-1'])";
    const outside = [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => element.checkVisibility() && element.getClientRects().length > 0)
      .filter((element) => {
        const box = element.getBoundingClientRect();
        // Zero-size focus guards and visually hidden text take no room on screen.
        return box.width > 1 && box.height > 1 && (box.left < -1 || box.right > width + 1);
      })
      .map(
        (element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 40)}"`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, width, outside };
  });
  expect(report.scrollWidth, `page width at ${report.width} px`).toBeLessThanOrEqual(report.width);
  expect(report.outside, "controls outside the viewport").toEqual([]);
}
