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
