import { expect, test } from "@playwright/test";
import { signInAs } from "./fixtures";
import { fillEuroInvoice } from "./support/invoice-form";
import { SANDBOX_AUTH } from "./support/sandbox-invoices";

// The sandbox's faults hold for the whole demo merchant, so every test calling the service at the
// same moment would fail too: this spec runs in a project of its own, after every other test
// (playwright.config.ts). Alone: npx playwright test e2e/merchant-wide-faults.spec.ts --no-deps

test.beforeEach(async ({ page }) => signInAs(page, "support"));

test("when the service fails, the error shows, a retry keeps the order id, and exactly one invoice exists", async ({
  page,
  request,
}) => {
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
