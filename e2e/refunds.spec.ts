import { expect, test, type Page } from "@playwright/test";
import { newPageAs, notificationMatching, signInAs } from "./fixtures";
import { createUsdtInvoice, payInvoice, SANDBOX_AUTH, setSandboxBalance } from "./support/sandbox-invoices";

const PAYER_WALLET = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

function detail(page: Page, label: string) {
  return page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");
}

test("support refunds an overpayment from the invoice; finance approves it from a row naming the invoice; the invoice shows it paid", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  await setSandboxBalance(request, "USDT", "100000");
  const support = await newPageAs(browser, "support");
  const invoice = await createUsdtInvoice(support, { customerId: `refund-${Date.now()}` });
  const cryptoAmount = (await detail(support, "Crypto amount").textContent())?.split(" ")[0] ?? "";
  const paid = (Number(cryptoAmount) + 2.5).toFixed(6);
  await payInvoice(request, invoice.serviceId, paid, PAYER_WALLET);
  await expect(support.getByTestId("invoice-status")).toHaveText("Overpaid", { timeout: 20_000 });
  await support.goto("/");
  await expect(support.getByTestId(`worklist-${invoice.orderId}`)).toContainText(/2\.50? USDT/);
  await support.goto(invoice.url);

  const refunds = support.getByRole("region", { name: "Refunds" });
  await expect(refunds.getByTestId("refund-figures")).toContainText("2.50 USDT more than the invoice asked");
  await refunds.getByRole("link", { name: "Refund the excess" }).click();
  await expect(support.getByTestId("refund-of")).toContainText(invoice.orderId);
  await expect(support.getByLabel("Amount in USDT")).toHaveValue("2.5");
  await expect(support.getByLabel("Reason")).toHaveValue(new RegExp(`Refund of invoice ${invoice.orderId}`));
  // The payer's wallet is offered, not filled in.
  await expect(support.getByLabel("Destination address")).toHaveValue("");
  await expect(support.getByTestId("source-wallets")).toContainText("exchange");
  await support.getByRole("button", { name: `Use this address: ${PAYER_WALLET}` }).click();
  await expect(support.getByLabel("Destination address")).toHaveValue(PAYER_WALLET);
  await support.getByRole("button", { name: "Request refund" }).click();
  await expect(support).toHaveURL(/\/withdrawals\/[0-9a-f-]{36}$/);
  await expect(support.getByTestId("refund-of-invoice")).toContainText(invoice.orderId);
  const refundOrderId = (await support.getByRole("heading", { level: 1 }).textContent()) ?? "";
  const refundUrl = support.url();

  const finance = await newPageAs(browser, "finance");
  await finance.goto("/withdrawals/approvals");
  const row = finance.getByTestId(`approval-row-${refundOrderId}`);
  await expect(row).toContainText(`Refund of invoice ${invoice.orderId}`);
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(finance.getByTestId("approve-summary")).toContainText("2.50 USDT");
  await finance.getByRole("button", { name: "Approve and pay out" }).click();
  await expect(finance.getByText("Approved and sent to the payment service.")).toBeVisible();

  await finance.goto(refundUrl);
  await expect(detail(finance, "Service id")).not.toHaveText("—", { timeout: 15_000 });
  const refundServiceId = (await detail(finance, "Service id").textContent()) ?? "";
  const settled = await request.post(`/sandbox/control/withdrawals/${refundServiceId}/status`, {
    headers: SANDBOX_AUTH,
    data: { status: "paid" },
  });
  expect(settled.ok()).toBe(true);

  await support.goto(invoice.url);
  await expect(refunds.getByTestId("withdrawal-state")).toHaveText("Paid out", { timeout: 20_000 });
  await expect(refunds).toContainText(refundOrderId);
  // The refund paid resolved the exception: the invoice says so and left the worklist.
  await expect(support.getByRole("region", { name: "Exception" }).getByTestId("resolution")).toContainText(
    "Refunded by support@example.com",
  );
  await expect(support.getByTestId("invoice-status")).toHaveText("Refunded");
  await expect(refunds.getByTestId("refund-figures")).toContainText("gave back 2.50 USDT: the excess");
  await support.goto("/");
  await expect(support.getByTestId("worklist")).toBeVisible();
  await expect(support.getByTestId(`worklist-${invoice.orderId}`)).toHaveCount(0);
  // Support heard of both: the overpayment, and the refund paid out.
  await notificationMatching(support, new RegExp(`Invoice ${invoice.orderId} .*was overpaid`));
  await expect(
    support
      .getByTestId("notifications")
      .getByRole("link", { name: new RegExp(`${refundOrderId} .*was paid out`) }),
  ).toBeVisible();
});

test("a refund over what the invoice can still give back is refused on the amount, keeping what was typed", async ({
  page,
  request,
}) => {
  await signInAs(page, "support");
  const invoice = await createUsdtInvoice(page);
  await payInvoice(request, invoice.serviceId, "1", PAYER_WALLET);
  await expect(page.getByTestId("invoice-status")).toHaveText("Underpaid", { timeout: 20_000 });
  await page.getByRole("region", { name: "Refunds" }).getByRole("link", { name: "Refund" }).click();
  await expect(page.getByLabel("Amount in USDT")).toHaveValue("1");
  await page.getByLabel("Amount in USDT").fill("1.5");
  await page.getByLabel("Destination address").fill(PAYER_WALLET);
  await page.getByRole("button", { name: "Request refund" }).click();
  await expect(page.getByText(/At most 1 USDT can still be refunded/)).toBeVisible();
  await expect(page.getByLabel("Amount in USDT")).toHaveValue("1.5");
});
