import { expect, type APIRequestContext, type Page } from "@playwright/test";

/** The embedded sandbox's demo merchant key: its control API stands in for customers paying. */
export const SANDBOX_AUTH = { Authorization: "Bearer sandbox-invoice-key" };

/** Creates a 10 USD invoice to be paid in USDT on TRON, as the signed-in person, from the form. */
export async function createUsdtInvoice(page: Page, options: { customerId?: string } = {}) {
  await page.goto("/invoices/new");
  await page.getByLabel("Amount").fill("10");
  await page.getByLabel("Crypto currency").selectOption("USDT");
  await page.getByLabel("Network").selectOption("TRON");
  if (options.customerId) await page.getByLabel("Customer id (optional)").fill(options.customerId);
  const orderId = await page.getByLabel("Order id").inputValue();
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(page.getByRole("heading", { name: orderId })).toBeVisible();
  const payUrl = await page.getByLabel("Payment link").inputValue();
  return { orderId, url: page.url(), payUrl, serviceId: payUrl.split("/").pop() ?? "" };
}

/** A customer pays `amount` USDT on TRON to the invoice (through the sandbox's control API). */
export async function payInvoice(
  request: APIRequestContext,
  serviceId: string,
  amount: string,
  sourceWallet?: string,
) {
  const response = await request.post(`/sandbox/control/invoices/${serviceId}/payments`, {
    headers: SANDBOX_AUTH,
    data: {
      amount,
      currency: "USDT",
      network: "TRON",
      ...(sourceWallet ? { source_wallet: sourceWallet } : {}),
    },
  });
  expect(response.ok()).toBe(true);
}

/** The merchant's balance at the sandbox, so payouts can be paid. */
export async function setSandboxBalance(request: APIRequestContext, currency: string, amount: string) {
  const response = await request.put(`/sandbox/control/balances/${currency}`, {
    headers: SANDBOX_AUTH,
    data: { amount },
  });
  expect(response.ok()).toBe(true);
}
