import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { newPageAs } from "./fixtures";
import { detail, PAYER_WALLET, requestRefundFromInvoice } from "./support/refunds";
import { createUsdtInvoice, payInvoice, setSandboxBalance } from "./support/sandbox-invoices";

const SHOTS = process.env.E2E_SHOTS_DIR;
// An address of its own: other specs count on theirs never having been paid.
const TRON_ADDRESS = "TJemo4JkvAZrHfibZUGN6fvRMKza37Jpwe";

/** Screenshots for a person to look at, when E2E_SHOTS_DIR says where. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test("finance approves knowing who asked and why, what it is worth, who pays the fee, and where a refund's invoice stands", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  await setSandboxBalance(request, "USDT", "100000");
  const support = await newPageAs(browser, "support");

  // A payout whose recipient pays the fee.
  await support.goto("/withdrawals/new");
  await support.getByLabel(/^Amount in /).fill("1234.5");
  await support.getByLabel("Destination address").fill(TRON_ADDRESS);
  await support.getByLabel(/The recipient does/).check();
  await support.getByLabel("Reason").fill("Commission for partner Acme, March");
  await support.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(support.getByTestId("withdrawal-state")).toHaveText("Awaiting approval");
  const payout = (await support.getByRole("heading", { level: 1 }).textContent()) ?? "";

  // A refund of an overpaid invoice.
  const invoice = await createUsdtInvoice(support);
  const cryptoAmount = (await detail(support, "Crypto amount").textContent())?.split(" ")[0] ?? "";
  await payInvoice(request, invoice.serviceId, (Number(cryptoAmount) + 2).toFixed(6), PAYER_WALLET);
  await expect(support.getByTestId("invoice-status")).toHaveText("Overpaid", { timeout: 20_000 });
  const refund = await requestRefundFromInvoice(support, invoice.url, "2");

  const finance = await newPageAs(browser, "finance", { viewport: { width: 1280, height: 800 } });
  await finance.goto("/withdrawals/approvals");

  const row = finance.getByTestId(`approval-row-${payout}`);
  await expect(row.getByTestId("requester")).toHaveText("Sam Support");
  await expect(row.getByTestId("reason")).toHaveText("Commission for partner Acme, March");
  await expect(row.getByTestId("withdrawal-amount")).toHaveText("1,234.50 USDT");
  await expect(row.getByTestId("fee-rule")).toHaveText(
    "The fee is taken from the amount: the recipient gets less.",
  );
  // Valued at a rate the service quoted for USDT today, or said not to be known: never made up.
  await expect(row.getByTestId("fiat-value")).toHaveText(
    /^(≈ [\d,.]+ [A-Z]{3} at the service's rate of \d.+|Fiat value not known: .+)$/,
  );

  const refundRow = finance.getByTestId(`approval-row-${refund.orderId}`);
  await expect(refundRow.getByTestId("requester")).toHaveText("Sam Support");
  await expect(refundRow.getByTestId("withdrawal-amount")).toHaveText("2.00 USDT");
  await expect(refundRow.getByTestId("fiat-value")).toHaveText(
    /^≈ [\d,.]+ USD at the rate of its invoice's payment, \d/,
  );
  const invoiceNow = refundRow.getByTestId("refund-of-invoice");
  await expect(invoiceNow).toContainText(/overpaid/i);
  await expect(invoiceNow.getByRole("link", { name: invoice.orderId })).toHaveAttribute(
    "href",
    new URL(invoice.url).pathname,
  );
  await shot(finance, "approvals-queue");

  // The dialog says who asked and why before anything else, and before its Approve button.
  await row.getByRole("button", { name: "Approve" }).click();
  const dialog = finance.getByRole("dialog");
  await expect(dialog.getByTestId("asked-by")).toContainText("Sam Support");
  await expect(dialog.getByTestId("asked-by")).toContainText("asked for this payout");
  await expect(dialog.getByTestId("asked-why")).toHaveText("Commission for partner Acme, March");
  await expect(dialog.getByTestId("approve-summary")).toContainText("1,234.50 USDT");
  await expect(dialog.getByTestId("approve-summary")).toContainText(
    "The fee is taken from the amount: the recipient gets less.",
  );
  const askedBy = await dialog.getByTestId("asked-by").boundingBox();
  const approve = await dialog.getByRole("button", { name: "Approve and pay out" }).boundingBox();
  expect(askedBy && approve && askedBy.y < approve.y).toBe(true);
  await shot(finance, "approve-dialog");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await refundRow.getByRole("button", { name: "Approve" }).click();
  await expect(dialog.getByTestId("asked-by")).toContainText("asked for this refund");
  await expect(dialog.getByTestId("refund-of-invoice")).toContainText(/overpaid/i);
  await shot(finance, "approve-dialog-refund");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // On a phone the dialog fits the screen's width: its long ids wrap, its buttons stay in reach.
  await finance.setViewportSize({ width: 390, height: 844 });
  await finance.reload();
  await shot(finance, "approvals-queue-390");
  await refundRow.getByRole("button", { name: "Approve" }).click();
  const confirm = await dialog.getByRole("button", { name: "Approve and pay out" }).boundingBox();
  const content = await dialog.boundingBox();
  expect(confirm && confirm.x + confirm.width <= 390).toBe(true);
  expect(content && content.x >= 0 && content.x + content.width <= 390).toBe(true);
  await shot(finance, "approve-dialog-refund-390");
});
