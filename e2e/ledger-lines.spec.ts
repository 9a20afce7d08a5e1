import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { DEMO, newPageAs } from "./fixtures";
import {
  approveFromQueue,
  detail,
  PAYER_WALLET,
  requestRefundFromInvoice,
  settleAtService,
} from "./support/refunds";
import { createUsdtInvoice, payInvoice, setSandboxBalance } from "./support/sandbox-invoices";

const LEDGER = "section[aria-label='Ledger']";

test("a customer pays an invoice on the pay page; the invoice's Ledger card shows the payment as it moved", async ({
  browser,
}) => {
  const support = await newPageAs(browser, "support");
  const invoice = await createUsdtInvoice(support);
  const ledger = support.getByRole("region", { name: "Ledger" });
  await expect(ledger.getByTestId("ledger-lines")).toContainText("No money has moved yet.");
  await expectNoAxeViolations(support, LEDGER);

  const payer = await support.context().newPage();
  await payer.goto(invoice.payUrl);
  await payer.getByRole("button", { name: "Send test payment" }).click();
  await expect(payer.getByTestId("invoice-status")).toHaveText("paid");

  // No reload: the open page follows the payment, and its ledger with it.
  await expect(support.getByTestId("invoice-status")).toHaveText("Paid", { timeout: 20_000 });
  // The payment as the Payments table shows it: its amount and its transaction hash.
  const payment = support.getByTestId("transactions").getByRole("row").nth(1).getByRole("cell");
  const amount = (await payment.nth(0).innerText()).trim();
  const hash = (await payment.nth(2).getAttribute("title")) ?? "no transaction hash";
  const line = ledger.getByTestId("ledger-line");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText("Payment received");
  await expect(line).toContainText(amount);
  await expect(line).toContainText("customer → this invoice");
  await expect(line).toContainText(hash);
  await expect(line).toContainText(/Webhook from the service|Read from the service/);
  const figures = ledger.getByTestId("ledger-figures");
  await expect(figures).toContainText(`Received${amount}`);
  await expect(figures).toContainText(`Left to refund${amount}`);
  await expectNoAxeViolations(support, LEDGER);
});

test("a refund's page shows its own lines: reserved from the invoice, sent, paid to the customer", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  await setSandboxBalance(request, "USDT", "100000");
  const support = await newPageAs(browser, "support");
  const invoice = await createUsdtInvoice(support);
  const cryptoAmount = (await detail(support, "Crypto amount").textContent())?.split(" ")[0] ?? "";
  await payInvoice(request, invoice.serviceId, (Number(cryptoAmount) + 2.5).toFixed(6), PAYER_WALLET);
  await expect(support.getByTestId("invoice-status")).toHaveText("Overpaid", { timeout: 20_000 });
  const refund = await requestRefundFromInvoice(support, invoice.url, "2.5");

  const finance = await newPageAs(browser, "finance");
  await approveFromQueue(finance, refund.orderId);
  await expect(finance.getByText("Approved and sent to the payment service.")).toBeVisible();
  await finance.goto(refund.url);
  const ledger = finance.getByRole("region", { name: "Ledger" });
  const lines = ledger.getByTestId("ledger-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText("Refund reserved");
  await expect(lines.nth(0)).toContainText(`invoice ${invoice.orderId} → this refund, held`);
  await expect(lines.nth(0)).toContainText(`Request by`);
  await expect(lines.nth(0)).toContainText(DEMO.support);
  await expect(lines.nth(1)).toContainText("Sent to the service");
  await expect(lines.nth(1)).toContainText("this refund, held → this refund, at the service");
  await expect(ledger.getByTestId("ledger-figures")).toContainText(
    "Sent to the service, not known to be paid2.50 USDT",
  );

  await settleAtService(finance, request, "paid");
  // The open page follows the payout, and its ledger with it.
  await expect(finance.getByTestId("withdrawal-state")).toHaveText("Paid out", { timeout: 20_000 });
  const paid = lines.filter({ hasText: "Paid to the recipient" });
  await expect(paid).toContainText("this refund, at the service → customer");
  await expect(paid).toContainText("2.50 USDT");
  await expect(paid).toContainText(/Webhook from the service|Read from the service/);
  await expect(ledger.getByTestId("ledger-figures")).toContainText("Paid to the customer2.50 USDT");
  await expectNoAxeViolations(finance, LEDGER);

  // The invoice's own ledger counts the refund as refunded.
  await support.goto(invoice.url);
  const figures = support.getByRole("region", { name: "Ledger" }).getByTestId("ledger-figures");
  await expect(figures).toContainText("Refunded2.50 USDT");
  await expect(figures).toContainText(`Left to refund${cryptoAmount} USDT`);
});
