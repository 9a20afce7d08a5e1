import type { Page } from "@playwright/test";

/** Opens the New invoice form and fills an amount in EUR for `customerId`; returns its order id. */
export async function fillEuroInvoice(page: Page, amount: string, customerId: string) {
  await page.goto("/invoices/new");
  await page.getByLabel("Amount").fill(amount);
  await page.getByLabel("Currency", { exact: true }).selectOption("EUR");
  await page.getByLabel("Customer id (optional)").fill(customerId);
  return page.getByLabel("Order id").inputValue();
}
