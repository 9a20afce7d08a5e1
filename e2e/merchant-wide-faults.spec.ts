import { expect, test } from "@playwright/test";
import { newPageAs, signInAs } from "./fixtures";
import { fillEuroInvoice } from "./support/invoice-form";
import { SANDBOX_AUTH, setSandboxBalance } from "./support/sandbox-invoices";
import { requestWithdrawal } from "./support/withdrawal-form";

// The sandbox's faults hold for the whole demo merchant, so every test calling the service at the
// same moment would fail too: this spec runs in a project of its own, after every other test
// (playwright.config.ts), its tests one after the other. Alone:
// npx playwright test e2e/merchant-wide-faults.spec.ts --no-deps
test.describe.configure({ mode: "serial" });

test("when the service fails, the error shows, a retry keeps the order id, and exactly one invoice exists", async ({
  page,
  request,
}) => {
  await signInAs(page, "support");
  const orderId = await fillEuroInvoice(page, "19.99", "cust-fault");
  const faults = await request.post("/sandbox/control/faults", {
    headers: SANDBOX_AUTH,
    data: { error_rate: 1 },
  });
  expect(faults.ok()).toBe(true);
  try {
    await page.getByRole("button", { name: "Create invoice" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Nothing is lost" })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByLabel("Amount")).toHaveValue("19.99");
    await expect(page.getByLabel("Order id")).toHaveValue(orderId);
  } finally {
    await request.delete("/sandbox/control/faults", { headers: SANDBOX_AUTH });
  }

  await page.getByRole("button", { name: "Send again" }).click();
  await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: orderId })).toBeVisible();
  await expect(page.getByTestId("invoice-status")).toHaveText("Open");

  await page.goto(`/invoices?q=${orderId}`);
  await expect(page.getByRole("link", { name: orderId, exact: true })).toHaveCount(1);
});

test("a slow service: approving answers at once, the dialog closes freely meanwhile, and the page follows the payout", async ({
  browser,
  request,
}, testInfo) => {
  await setSandboxBalance(request, "USDT", "100000");
  const support = await newPageAs(browser, "support");
  const { id } = await requestWithdrawal(support, "Refund while the service is slow", "1.5");
  await support.context().close();
  const finance = await newPageAs(browser, "finance");
  await finance.setViewportSize({ width: 390, height: 844 });
  await finance.goto(`/withdrawals/${id}`);

  // Every call to the service now takes 8 s.
  const faults = await request.post("/sandbox/control/faults", {
    headers: SANDBOX_AUTH,
    data: { latency_ms: 8_000 },
  });
  expect(faults.ok()).toBe(true);
  try {
    await finance.getByRole("button", { name: "Approve" }).click();
    const dialog = finance.getByRole("dialog");
    const started = Date.now();
    await dialog.getByRole("button", { name: "Approve and pay out" }).click();
    await expect(dialog.getByRole("status")).toContainText("You can close this");
    await expect(dialog.getByRole("button", { name: "Close" })).toBeEnabled();
    const toast = finance.locator("[data-sonner-toast]").filter({ hasText: "has not answered yet" });
    await expect(toast).toBeVisible();
    expect(Date.now() - started).toBeLessThan(8_000);
    await expect(toast).toHaveAttribute("data-type", "warning");
    await expect(dialog).toHaveCount(0);
    await finance.screenshot({ path: testInfo.outputPath("still-sending-390.png") });
  } finally {
    await request.delete("/sandbox/control/faults", { headers: SANDBOX_AUTH });
  }
  // The open page follows the payout to the service's answer without a reload.
  await expect(finance.getByTestId("withdrawal-state")).toHaveText(/Submitted|Paid out/, { timeout: 20_000 });
});

test("the two-approver rule: a crypto request is valued at the service's rate in the reporting currency, its queue row says why it needs two, and a proposal to lift the rule shows as pending while it stays in force", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const admin = await newPageAs(browser, "admin");
  await admin.goto("/admin/settings");
  const reporting = admin.locator("form").filter({ hasText: "Reporting currency" });
  const chosen = (await reporting.getByTestId("reporting-currency-source").count()) === 0;
  // Chosen as EUR already (this spec run again on the same server): nothing to change.
  if (!chosen || (await reporting.getByLabel("Currency").inputValue()) !== "EUR") {
    await reporting.getByLabel("Currency").selectOption("EUR");
    await reporting.getByRole("button", { name: "Save" }).click();
    await expect(admin.getByText("Saved. Payouts in crypto are valued in EUR from now on.")).toBeVisible();
  }

  const form = admin.locator("form").filter({ hasText: "Two approvers for large withdrawals" });
  const rule = form.getByLabel("Require two different approvers above an amount");
  await rule.check();
  await form.getByLabel("Above", { exact: true }).fill("1000");
  // Offered in the reporting currency.
  await expect(form.getByLabel("Currency")).toHaveValue("EUR");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByText("Two approvers are now needed above 1000 EUR.")).toBeVisible();

  // The service's latest rate for USDT in EUR is the quote of the latest such invoice.
  const support = await newPageAs(browser, "support");
  await fillEuroInvoice(support, "50", "cust-rate");
  await support.getByLabel("Crypto currency").selectOption("USDT");
  await support.getByLabel("Network").selectOption("TRON");
  await support.getByRole("button", { name: "Create invoice" }).click();
  await expect(support.getByLabel("Payment link")).toBeVisible();
  const large = await requestWithdrawal(support, "Two approvers, for the rule test", "2000");
  const small = await requestWithdrawal(support, "One approver, under the limit", "2.5");

  const finance = await newPageAs(browser, "finance");
  await finance.goto("/withdrawals/approvals");
  const largeRow = finance.getByTestId(`approval-row-${large.orderId}`);
  await expect(largeRow.getByTestId("why-two-approvals")).toHaveText(
    /^Needs 2 approvals: worth about [\d,]+\.\d\d EUR at the service's latest rate, above the 1,000\.00 EUR limit\.$/,
  );
  await expect(largeRow.getByTestId("fiat-value")).toContainText("EUR at the service's rate of");
  const smallRow = finance.getByTestId(`approval-row-${small.orderId}`);
  await expect(smallRow.getByTestId("fiat-value")).toContainText("EUR");
  await expect(smallRow.getByTestId("why-two-approvals")).toHaveCount(0);
  await finance.screenshot({ path: testInfo.outputPath("rule-valued-1280.png"), fullPage: true });

  // Lifting the rule asks for less: it waits for a second admin, and the form says what is in force.
  await rule.uncheck();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByTestId("threshold-pending")).toContainText("waits for a second admin");
  await expect(rule).toBeChecked();
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await admin.setViewportSize(viewport);
    await admin.screenshot({
      path: testInfo.outputPath(`rule-pending-${viewport.width}.png`),
      fullPage: true,
    });
  }

  // Put back as it was: a second admin lifts the rule; the request is rejected.
  const admin2 = await newPageAs(browser, "admin2");
  await admin2.goto("/admin/changes");
  await admin2
    .getByRole("row")
    .filter({ hasText: "Remove the two-approver threshold" })
    .getByRole("button", { name: "Approve" })
    .click();
  await admin2.getByRole("dialog").getByRole("button", { name: "Approve" }).click();
  await admin.reload();
  await expect(rule).not.toBeChecked();
  for (const { id } of [large, small]) {
    await finance.goto(`/withdrawals/${id}`);
    await finance.getByRole("button", { name: "Reject" }).click();
    await finance.getByLabel("Reason (the requester sees it)").fill("Rule test");
    await finance.getByRole("dialog").getByRole("button", { name: "Reject" }).click();
    await expect(finance.getByTestId("withdrawal-state")).toHaveText("Rejected");
  }
});
