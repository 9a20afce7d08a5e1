import { expect, test } from "@playwright/test";
import { signInAs } from "./fixtures";

const SANDBOX_AUTH = { Authorization: "Bearer sandbox-invoice-key" };

test("a payment's signed webhook is received, verified, and listed with what it changed", async ({
  page,
  request,
}) => {
  await signInAs(page, "admin");
  await page.goto("/invoices/new");
  await page.getByLabel("Amount").fill("9.99");
  const orderId = await page.getByLabel("Order id").inputValue();
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(page.getByRole("heading", { name: orderId })).toBeVisible();
  const serviceId = (await page.getByLabel("Payment link").inputValue()).split("/").pop();

  const paid = await request.post(`/sandbox/control/invoices/${serviceId}/payments`, {
    headers: SANDBOX_AUTH,
    data: { amount: "9.99", currency: "USDT", network: "TRON" },
  });
  expect(paid.ok()).toBe(true);

  await expect(async () => {
    await page.goto(`/webhooks?q=${orderId}`);
    const row = page.getByTestId("webhook-event").first();
    await expect(row).toContainText(orderId, { timeout: 1_000 });
    await expect(row.getByText("Verified", { exact: true })).toBeVisible({ timeout: 1_000 });
    await expect(row).toContainText("paid", { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByTestId("webhook-event").first().getByRole("link", { name: orderId }).click();
  await expect(page.getByTestId("timeline")).toContainText("The service reported:");
});

test("support cannot open the webhooks page", async ({ page }) => {
  await signInAs(page, "support");
  expect((await page.goto("/webhooks"))?.status()).toBe(403);
});
