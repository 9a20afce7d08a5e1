import { expect, type Page } from "@playwright/test";

export const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

/** A request for `amount` USDT on TRON by the signed-in user, through the form; its id and order id. */
export async function requestWithdrawal(page: Page, reason: string, amount = "2.5") {
  await page.goto("/withdrawals/new");
  await page.getByLabel(/^Amount in /).fill(amount);
  await page.getByLabel("Destination address").fill(TRON_ADDRESS);
  await page.getByLabel("Reason").fill(reason);
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(page).toHaveURL(/\/withdrawals\/[0-9a-f-]{36}$/);
  const orderId = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").trim();
  return { id: page.url().split("/").pop() ?? "", orderId };
}
