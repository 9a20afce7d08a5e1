import { expect, test } from "@playwright/test";
import { newPageAs, signInAs } from "./fixtures";
import { SANDBOX_AUTH } from "./support/sandbox-invoices";
import { requestWithdrawal } from "./support/withdrawal-form";

// Issue #8 (accessibility), moved out of accessibility.spec.ts to run alone (playwright.config.ts):
// the row after the approved one must be this test's own second request, and another test
// deciding a request of its own created in between took that row away under the focus.

test("after an approval from the queue, focus moves to the next row or the heading", async ({
  browser,
  context,
  page,
}) => {
  const balance = await context.request.put("/sandbox/control/balances/USDT", {
    headers: SANDBOX_AUTH,
    data: { amount: "100000" },
  });
  expect(balance.ok()).toBe(true);
  const requesterPage = await newPageAs(browser, "support");
  const first = await requestWithdrawal(requesterPage, "First of two, for the focus check");
  await requestWithdrawal(requesterPage, "Second of two, for the focus check");
  await requesterPage.context().close();

  await signInAs(page, "finance");
  await page.goto("/withdrawals/approvals");
  const row = page.getByTestId(`approval-row-${first.orderId}`);
  await row.getByRole("button", { name: "Approve" }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Approve and pay out" }).focus();
  await page.keyboard.press("Enter");
  await expect(row).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const focused = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return "body";
      if (active.tagName === "H1") return "heading";
      return active.closest("[data-testid^='approval-row-']") ? "row" : active.outerHTML.slice(0, 80);
    });
  await expect.poll(focused).toMatch(/^(row|heading)$/);
  // It stays there once the refreshed queue has rendered (networkidle's 500 ms: a refresh that
  // starts late must not pass unseen).
  await page.waitForLoadState("networkidle");
  expect(await focused()).toMatch(/^(row|heading)$/);
});
