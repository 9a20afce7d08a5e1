import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { newPageAs, signInAs } from "./fixtures";

const SANDBOX_AUTH = { Authorization: "Bearer sandbox-invoice-key" };
const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const LTC_ADDRESS = "ltc1q07e2s6rm32yj35a5z2vp042x2w7cpexcvudv6a";

async function setBalance(request: APIRequestContext, currency: string, amount: string) {
  const response = await request.put(`/sandbox/control/balances/${currency}`, {
    headers: SANDBOX_AUTH,
    data: { amount },
  });
  expect(response.ok()).toBe(true);
}

async function requestWithdrawal(
  page: Page,
  opts: { amount: string; currency?: string; address?: string; reason: string },
) {
  await page.goto("/withdrawals/new");
  if (opts.currency) await page.getByLabel("Crypto currency").selectOption(opts.currency);
  await page.getByLabel(/^Amount in /).fill(opts.amount);
  await page.getByLabel("Destination address").fill(opts.address ?? TRON_ADDRESS);
  await page.getByLabel("Reason").fill(opts.reason);
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(page).toHaveURL(/\/withdrawals\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("withdrawal-state")).toHaveText("Awaiting approval");
  return (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
}

async function approveAs(page: Page, orderId: string) {
  await signInAs(page, "finance");
  await page.goto("/withdrawals/approvals");
  const row = page.getByTestId(`approval-row-${orderId}`);
  await row.getByRole("button", { name: "Approve" }).click();
  return row;
}

test("support requests a withdrawal; finance approves it and sees it submitted", async ({
  browser,
  request,
}) => {
  await setBalance(request, "USDT", "100000");
  const support = await newPageAs(browser, "support");
  const orderId = await requestWithdrawal(support, { amount: "12.5", reason: "Refund for order 1001" });
  expect(orderId).toMatch(/^wd_/);

  const finance = await (await browser.newContext()).newPage();
  await approveAs(finance, orderId);
  const summary = finance.getByTestId("approve-summary");
  await expect(summary).toContainText("12.50 USDT");
  await expect(summary).toContainText("TRON");
  await expect(summary).toContainText(TRON_ADDRESS);
  await finance.getByRole("button", { name: "Approve and pay out" }).click();
  await expect(finance.getByText("Approved and sent to the payment service.")).toBeVisible();

  await finance.goto(support.url());
  await expect(finance.getByTestId("withdrawal-state")).toHaveText(/Submitted|Paid out/);
  await expect(finance.getByTestId("audit-trail")).toContainText("Approved → Submitting");
  // The requester's open page follows it without reloading.
  await expect(support.getByTestId("withdrawal-state")).toHaveText(/Submitted|Paid out/, { timeout: 15_000 });
  // Sent: a first payout's warning is for whoever decides, not for a payout on its way.
  await expect(support.getByText("Never paid before")).toHaveCount(0);
  await support.goto("/withdrawals/new");
  await support.getByLabel("Destination address").fill(TRON_ADDRESS);
  await expect(support.getByTestId("address-history")).toHaveText(/paid out to this address before/);
});

test("the request form flags an address never paid before", async ({ page }) => {
  await signInAs(page, "support");
  await page.goto("/withdrawals/new");
  await page.getByLabel("Destination address").fill("TAs3CmSWMU2Zg4pfpog6rASTZ4p6QXvTeY");
  await expect(page.getByTestId("address-history")).toHaveText(/Never paid before/);
});

test("support cannot approve withdrawals", async ({ page }) => {
  await signInAs(page, "support");
  expect((await page.goto("/withdrawals/approvals"))?.status()).toBe(403);
});

test("finance cannot approve a request made by finance", async ({ page }) => {
  await signInAs(page, "finance");
  const orderId = await requestWithdrawal(page, { amount: "3", reason: "Own request" });
  await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expect(page.getByText("someone else in finance approves it")).toBeVisible();
  await page.goto("/withdrawals/approvals");
  const row = page.getByTestId(`approval-row-${orderId}`);
  await expect(row.getByText("Your request: someone else approves it")).toBeVisible();
  await expect(row.getByRole("button", { name: "Approve" })).toHaveCount(0);
});

test("a rejected request shows its reason to the requester", async ({ browser }) => {
  const support = await newPageAs(browser, "support");
  const orderId = await requestWithdrawal(support, { amount: "7", reason: "Please pay the supplier" });

  const finance = await newPageAs(browser, "finance2");
  await finance.goto("/withdrawals/approvals");
  const row = finance.getByTestId(`approval-row-${orderId}`);
  await row.getByRole("button", { name: "Reject" }).click();
  await finance.getByRole("button", { name: "Reject" }).last().click();
  await expect(finance.getByText("Say why it is rejected (at least 3 characters).")).toBeVisible();
  await finance.getByLabel("Reason (the requester sees it)").fill("No invoice attached");
  await finance.getByRole("button", { name: "Reject" }).last().click();
  await expect(finance.getByText("Rejected. The requester sees your reason.")).toBeVisible();

  await support.reload();
  await expect(support.getByTestId("withdrawal-state")).toHaveText("Rejected");
  await expect(support.getByText("Rejected: No invoice attached")).toBeVisible();
});

test("insufficient funds shows a clear message", async ({ browser, request }) => {
  await setBalance(request, "LTC", "0");
  const support = await newPageAs(browser, "support");
  const orderId = await requestWithdrawal(support, {
    amount: "1",
    currency: "LTC",
    address: LTC_ADDRESS,
    reason: "LTC payout",
  });

  const finance = await (await browser.newContext()).newPage();
  await approveAs(finance, orderId);
  await finance.getByRole("button", { name: "Approve and pay out" }).click();
  await expect(
    finance.getByText(/the payment service refused it: The balance on the payment service is too low/i),
  ).toBeVisible();

  await support.reload();
  await expect(support.getByTestId("withdrawal-state")).toHaveText("Refused by the service");
  await expect(support.getByTestId("failure")).toContainText("The balance on the payment service is too low");
});

test("the form says which amount is missing and refuses a malformed TRON address", async ({ page }) => {
  await signInAs(page, "support");
  await page.goto("/withdrawals/new");
  await page.getByLabel("Destination address").fill("0x1234");
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(page.getByText("Enter the amount in crypto.")).toBeVisible();
  await expect(page.getByText(/This is not a TRON address/)).toBeVisible();
  await expect(page.getByText("Say why this payout is needed (at least 3 characters).")).toBeVisible();
  await page.getByText("Fiat (converted by the service)").click();
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(page.getByText("Enter the amount in fiat.")).toBeVisible();
});
