import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { SANDBOX_AUTH } from "./sandbox-invoices";

/** The wallet the tests' customers pay from, and where their refunds go. */
export const PAYER_WALLET = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

/** A detail's value on a page's facts list (a `<dt>` and the `<dd>` after it). */
export function detail(page: Page, label: string) {
  return page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");
}

/**
 * From the invoice page: Refund, the payer's wallet as the destination, the prefilled amount (or
 * `amount`), Request refund. Returns the refund's order id and page.
 */
export async function requestRefundFromInvoice(page: Page, invoiceUrl: string, amount?: string) {
  await page.goto(invoiceUrl);
  await page.getByRole("region", { name: "Refunds" }).getByRole("link", { name: "Refund" }).click();
  if (amount) await page.getByLabel("Amount in USDT").fill(amount);
  await page.getByLabel("Destination address").fill(PAYER_WALLET);
  await page.getByRole("button", { name: "Request refund" }).click();
  await expect(page).toHaveURL(/\/withdrawals\/[0-9a-f-]{36}$/);
  const orderId = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  return { orderId, url: page.url() };
}

/** Approves the request in `orderId`'s row of the approval queue, as the signed-in person. */
export async function approveFromQueue(page: Page, orderId: string) {
  await page.goto("/withdrawals/approvals");
  await page.getByTestId(`approval-row-${orderId}`).getByRole("button", { name: "Approve" }).click();
  await page.getByRole("button", { name: "Approve and pay out" }).click();
}

/** The service moves the payout shown on `page` (its withdrawal page) to `status`. */
export async function settleAtService(page: Page, request: APIRequestContext, status: string) {
  await expect(detail(page, "Service id")).not.toHaveText("—", { timeout: 15_000 });
  const serviceId = (await detail(page, "Service id").textContent()) ?? "";
  const settled = await request.post(`/sandbox/control/withdrawals/${serviceId}/status`, {
    headers: SANDBOX_AUTH,
    data: { status },
  });
  expect(settled.ok()).toBe(true);
}
