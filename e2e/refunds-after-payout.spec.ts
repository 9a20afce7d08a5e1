import { expect, test } from "@playwright/test";
import { newPageAs } from "./fixtures";
import {
  approveFromQueue,
  detail,
  PAYER_WALLET,
  requestRefundFromInvoice,
  settleAtService,
} from "./support/refunds";
import { createUsdtInvoice, payInvoice, setSandboxBalance } from "./support/sandbox-invoices";

test("a refund the service fails can be sent again or closed, and once closed the invoice offers the refund again", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await setSandboxBalance(request, "USDT", "100000");
  const support = await newPageAs(browser, "support");
  const invoice = await createUsdtInvoice(support);
  const cryptoAmount = (await detail(support, "Crypto amount").textContent())?.split(" ")[0] ?? "";
  const received = (Number(cryptoAmount) + 2.5).toFixed(6);
  await payInvoice(request, invoice.serviceId, received, PAYER_WALLET);
  await expect(support.getByTestId("invoice-status")).toHaveText("Overpaid", { timeout: 20_000 });
  // The customer cancelled the order: everything they paid goes back.
  const refund = await requestRefundFromInvoice(support, invoice.url, received);

  const finance = await newPageAs(browser, "finance");
  await approveFromQueue(finance, refund.orderId);
  await expect(finance.getByText("Approved and sent to the payment service.")).toBeVisible();
  await finance.goto(refund.url);
  await settleAtService(finance, request, "fail");
  await expect(finance.getByTestId("withdrawal-state")).toHaveText("Failed at the service", {
    timeout: 20_000,
  });
  await expect(finance.getByTestId("attention")).toContainText("send it again as a new payout");

  // Send again: a new payout with its own order id awaits a fresh approval; the failed one is closed.
  await finance.getByRole("button", { name: "Send again as a new payout" }).click();
  await expect(finance.getByTestId("resend-of")).toContainText(refund.orderId);
  await expect(finance.getByTestId("withdrawal-state")).toHaveText("Awaiting approval");
  const resent = (await finance.getByRole("heading", { level: 1 }).textContent()) ?? "";
  expect(resent).not.toBe(refund.orderId);
  const resentUrl = finance.url();

  const finance2 = await newPageAs(browser, "finance2");
  await approveFromQueue(finance2, resent);
  await expect(finance2.getByText("Approved and sent to the payment service.")).toBeVisible();
  await finance2.goto(resentUrl);
  await settleAtService(finance2, request, "fail");
  await expect(finance2.getByTestId("withdrawal-state")).toHaveText("Failed at the service", {
    timeout: 20_000,
  });

  // While it may still be sent again, it holds its share: the invoice offers no new refund.
  await support.goto(invoice.url);
  const refunds = support.getByRole("region", { name: "Refunds" });
  await expect(refunds.getByRole("link", { name: "Refund" })).toHaveCount(0);

  // Closed: the service paid nothing, so the share comes back and the invoice offers the refund again.
  await finance2.getByRole("button", { name: "Close", exact: true }).click();
  await finance2.getByLabel("Reason (what you checked)").fill("The customer will send a new wallet address.");
  await finance2.getByRole("button", { name: "Close withdrawal" }).click();
  await expect(finance2.getByTestId("withdrawal-state")).toHaveText("Closed");

  await support.reload();
  await expect(refunds.getByRole("link", { name: "Refund" })).toBeVisible();
  // The excess is what a refund gives back by default; the whole payment is a choice on the form.
  await expect(refunds.getByTestId("refund-figures")).toContainText(
    "A refund gives back the excess, 2.50 USDT, by default; the whole payment (",
  );
});

test("an underpaid invoice the customer completes after a refund was requested: the refund cannot be approved, and the approver is told why", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const support = await newPageAs(browser, "support");
  const invoice = await createUsdtInvoice(support);
  const cryptoAmount = Number((await detail(support, "Crypto amount").textContent())?.split(" ")[0] ?? "");
  await payInvoice(request, invoice.serviceId, (cryptoAmount - 1).toFixed(6), PAYER_WALLET);
  await expect(support.getByTestId("invoice-status")).toHaveText("Underpaid", { timeout: 20_000 });
  const refund = await requestRefundFromInvoice(support, invoice.url);

  // The customer pays the missing 1 USDT: the invoice is paid, nothing is owed back.
  await payInvoice(request, invoice.serviceId, "1", PAYER_WALLET);
  await support.goto(invoice.url);
  await expect(support.getByTestId("invoice-status")).toHaveText("Paid", { timeout: 20_000 });

  const finance = await newPageAs(browser, "finance");
  await finance.goto("/withdrawals/approvals");
  const row = finance.getByTestId(`approval-row-${refund.orderId}`);
  await expect(row.getByTestId("refund-invoice-now")).toContainText("Now paid");
  await expect(row.getByTestId("refund-not-due")).toContainText(`Invoice ${invoice.orderId} is paid now`);
  await row.getByRole("button", { name: "Approve" }).click();
  await expect(finance.getByTestId("approve-summary")).toContainText("Now paid");
  await finance.getByRole("button", { name: "Approve and pay out" }).click();
  await expect(finance.getByText(/Not approved: Invoice .* is paid now/)).toBeVisible();
  await expect(row).toHaveCount(0);

  await support.goto(refund.url);
  await expect(support.getByTestId("withdrawal-state")).toHaveText("Rejected");
  await expect(support.getByText(/Rejected: Invoice .* is paid now/)).toBeVisible();
});
