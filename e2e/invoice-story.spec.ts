import { mkdirSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { type DemoRole, newPageAs, signInAs } from "./fixtures";
import { approveFromQueue, PAYER_WALLET, settleAtService } from "./support/refunds";
import { payInvoice, setSandboxBalance } from "./support/sandbox-invoices";

/**
 * The invoice page tells its story (issue 25): an overpaid invoice says by how much, offers the
 * excess as its refund, and after that refund is paid out reads Refunded with the refund in its
 * timeline; a paid invoice leads with its payments; the list reads at a glance.
 */
/** Where the screenshots go, to be looked at: E2E_SHOTS_DIR, else beside the test results. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? "test-results/shots/invoice-story";
const SIZES = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

mkdirSync(SHOTS, { recursive: true });

/** A 120 EUR invoice to be paid in USDT on TRON: the sandbox asks 130.434783 USDT for it. */
async function createEuroInvoice(page: Page, amount = "120", customerId = `cust-${Date.now() % 10_000}`) {
  await page.goto("/invoices/new");
  await page.getByLabel("Amount").fill(amount);
  await page.getByLabel("Currency", { exact: true }).selectOption("EUR");
  await page.getByLabel("Crypto currency").selectOption("USDT");
  await page.getByLabel("Network").selectOption("TRON");
  await page.getByLabel("Customer id (optional)").fill(customerId);
  const orderId = await page.getByLabel("Order id").inputValue();
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(page.getByRole("heading", { name: orderId })).toBeVisible();
  const payUrl = await page.getByLabel("Payment link").inputValue();
  return { orderId, url: page.url(), serviceId: payUrl.split("/").pop() ?? "" };
}

function pageAs(browser: Browser, role: DemoRole, viewport: { width: number; height: number }) {
  // The designer's walk was in Berlin: what the browser formats itself is in that zone. (A demo
  // user's own zone, which the server formats with, was taken at their sign-in in e2e/auth.setup.ts.)
  return newPageAs(browser, role, { viewport, timezoneId: "Europe/Berlin" });
}

for (const size of SIZES) {
  test(`${size.name}: an overpaid invoice says by how much, refunds the excess by default, and reads Refunded once it is paid out`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    await setSandboxBalance(request, "USDT", "100000");
    const support = await pageAs(browser, "support", size.viewport);
    const invoice = await createEuroInvoice(support);
    await payInvoice(request, invoice.serviceId, "150", PAYER_WALLET);
    await expect(support.getByTestId("invoice-status")).toHaveText("Overpaid", { timeout: 20_000 });

    // What is at stake leads the exception, in crypto and in the invoice's fiat at its own rate.
    const exception = support.getByRole("region", { name: "Exception" });
    await expect(exception.getByTestId("stake")).toHaveText("Overpaid by 19.565217 USDT (≈ 18.00 EUR)");
    await expect(support.getByText("Still due")).toHaveCount(0);
    await expect(support.getByText(/service: paid_over/)).toHaveCount(0);
    await expect(support.getByText("Service status")).toBeVisible();
    // A final invoice is not shared any more.
    await expect(support.getByRole("region", { name: "Share with the customer" })).toHaveCount(0);
    const refunds = support.getByRole("region", { name: "Refunds" });
    await expect(refunds.getByTestId("refund-figures")).toContainText("19.565217 USDT more than the invoice");
    await expect(refunds).not.toContainText("can still be refunded");
    await support.screenshot({ path: `${SHOTS}/overpaid-before-refund-${size.name}.png`, fullPage: true });

    // The refund form: the excess by default, the whole payment an explicit choice.
    await refunds.getByRole("link", { name: "Refund the excess" }).click();
    await expect(support.getByLabel("Amount in USDT")).toHaveValue("19.565217");
    await expect(support.getByRole("radio", { name: /The excess/ })).toBeChecked();
    const whole = support.getByRole("radio", { name: /The whole payment/ });
    await expect(whole).not.toBeChecked();
    await expect(whole).toHaveAccessibleName(/150\.00 USDT/);
    await whole.check();
    await expect(support.getByLabel("Amount in USDT")).toHaveValue("150");
    await support.getByRole("radio", { name: /The excess/ }).check();
    await expect(support.getByLabel("Amount in USDT")).toHaveValue("19.565217");
    await expect(support.getByLabel("Reason")).toHaveValue(/the overpayment \(19\.565217 USDT\)/);
    await support.screenshot({ path: `${SHOTS}/refund-form-${size.name}.png`, fullPage: true });
    await support.getByLabel("Destination address").fill(PAYER_WALLET);
    await support.getByRole("button", { name: "Request refund" }).click();
    await expect(support).toHaveURL(/\/withdrawals\/[0-9a-f-]{36}$/);
    const refundOrderId = (await support.getByRole("heading", { level: 1 }).textContent()) ?? "";
    const refundUrl = support.url();

    // While it waits for approval the page does not offer the rest of the payment by default.
    await support.goto(invoice.url);
    await expect(refunds).toContainText(refundOrderId);
    await expect(refunds).not.toContainText("can still be refunded");
    await expect(refunds.getByRole("link", { name: "Refund the excess" })).toHaveCount(0);

    // Finance (someone else) approves it; the service pays it out.
    const finance = await pageAs(browser, "finance", size.viewport);
    await approveFromQueue(finance, refundOrderId);
    await expect(finance.getByText("Approved and sent to the payment service.")).toBeVisible();
    await finance.goto(refundUrl);
    await settleAtService(finance, request, "paid");
    await expect(finance.getByTestId("withdrawal-state")).toHaveText("Paid out", { timeout: 20_000 });

    await support.goto(invoice.url);
    await expect(support.getByTestId("invoice-status")).toHaveText("Refunded");
    await expect(exception.getByTestId("resolution")).toContainText("the excess");
    const timeline = support.getByTestId("timeline");
    await expect(timeline).toContainText(`Refund ${refundOrderId} of 19.565217 USDT requested`);
    await expect(timeline).toContainText(`Refund ${refundOrderId} approved`);
    await expect(timeline).toContainText(`Refund ${refundOrderId} paid out`);
    await expect(timeline).toContainText("Resolved: refunded");
    await expect(timeline).toContainText("Payment of 150.00 USDT received");
    await expect(timeline).not.toContainText("paid_over");
    await expect(refunds.getByRole("link", { name: /Refund/ })).toHaveCount(0);
    await expect(support.getByText(/can still be refunded/)).toHaveCount(0);
    await expect(refunds.getByTestId("refund-figures")).toContainText("the excess");
    await support.screenshot({ path: `${SHOTS}/overpaid-after-refund-${size.name}.png`, fullPage: true });
  });

  test(`${size.name}: a paid invoice leads with its payments, not with sharing`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(60_000);
    const support = await pageAs(browser, "support", size.viewport);
    const invoice = await createEuroInvoice(support);
    await payInvoice(request, invoice.serviceId, "130.434783", PAYER_WALLET);
    await expect(support.getByTestId("invoice-status")).toHaveText("Paid", { timeout: 20_000 });

    await support.reload();
    await expect(support.getByRole("region", { name: "Share with the customer" })).toHaveCount(0);
    const payments = await support.getByRole("region", { name: "Payments" }).boundingBox();
    const amounts = await support.getByRole("region", { name: "Amounts" }).boundingBox();
    expect(payments && amounts && payments.y < amounts.y).toBe(true);
    await expect(support.getByTestId("expiry")).toHaveCount(0);
    await support.screenshot({ path: `${SHOTS}/paid-${size.name}.png`, fullPage: true });
  });
}

test("phone: an open invoice offers the native share sheet beside Copy, with a message that carries its deadline and zone", async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    timezoneId: "Europe/Berlin",
  });
  // Chromium without a share sheet: the page sees navigator.share as a phone's browser offers it.
  await context.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { sharedWithSheet: shared });
    Object.defineProperty(navigator, "share", {
      value: (data: ShareData) => {
        shared.push(data);
        return Promise.resolve();
      },
    });
  });
  const page = await context.newPage();
  await signInAs(page, "support");
  const invoice = await createEuroInvoice(page, "49.90", "cust-1042");
  const share = page.getByRole("region", { name: "Share with the customer" });
  await expect(share.getByRole("button", { name: "Copy link" })).toBeVisible();
  await share.getByRole("button", { name: "Share…" }).click();
  const sent =
    (await page.evaluate(() => (window as unknown as { sharedWithSheet: ShareData[] }).sharedWithSheet)) ??
    [];
  expect(sent).toHaveLength(1);
  expect(sent[0]?.text).toContain(`Please pay 49.90 EUR for order ${invoice.orderId}`);
  expect(sent[0]?.text).toMatch(
    /valid for (1 hour|59 minutes), until \d{1,2} \w{3} \d{4}, \d{2}:\d{2} [A-Z]{2,5}/,
  );
  await page.screenshot({ path: `${SHOTS}/open-share-phone.png`, fullPage: true });
});

test("desktop: the invoice list at 1280 keeps amounts and order ids on one line, and the whole row opens the invoice", async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const page = await pageAs(browser, "support", { width: 1280, height: 800 });
  const paid = await createEuroInvoice(page, "49.90", "cust-1042");
  await payInvoice(request, paid.serviceId, "54.239131", PAYER_WALLET);
  await expect(page.getByTestId("invoice-status")).toHaveText("Paid", { timeout: 20_000 });
  await createEuroInvoice(page, "12500.50", "cust-1043");
  // The widest row the form allows (ids of 255 characters, cut short in the list) is on the page
  // whatever else a full run left there.
  await page.goto("/invoices/new");
  await page.getByLabel("Amount").fill("9999999.99");
  await page.getByLabel("Order id").fill(`long_${"o".repeat(250)}`);
  await page.getByLabel("Customer id (optional)").fill(`cust_${"c".repeat(250)}`);
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("long_ooo");

  await page.goto("/invoices");
  const row = page.getByRole("row").filter({ hasText: paid.orderId });
  const oneLine = async (text: string) => {
    const box = await row.getByText(text, { exact: true }).boundingBox();
    expect(box?.height, `${text} fits on one line`).toBeLessThan(24);
  };
  await oneLine("49.90 EUR");
  await oneLine("cust-1042");
  await oneLine(paid.orderId);
  // A paid invoice no longer counts down to its expiry.
  await expect(row).not.toContainText("Expires in");
  await expect(row.getByRole("cell").nth(6)).not.toContainText(/in \d/);
  // Nothing scrolls sideways: every column fits the page at 1280.
  const table = page.getByRole("table");
  expect(
    await table.evaluate((element) => element.scrollWidth - (element.parentElement?.clientWidth ?? 0)),
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/invoice-list-desktop.png`, fullPage: true });

  // The order id is a real link in the first cell, reached by keyboard; the rest of the row opens it too.
  const link = row.getByRole("cell").first().getByRole("link", { name: paid.orderId });
  await link.focus();
  await expect(link).toBeFocused();
  // A pointer anywhere on the row lands on the link stretched over it (the customer cell here).
  const customer = await row.getByText("cust-1042", { exact: true }).boundingBox();
  if (!customer) throw new Error("the customer cell is not on screen");
  await page.mouse.click(customer.x + customer.width / 2, customer.y + customer.height / 2);
  await expect(page).toHaveURL(paid.url);

  // On a phone the rows are cards, each one a link as a whole.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/invoices");
  const customerOnPhone = page.getByRole("row").filter({ hasText: paid.orderId }).getByText("cust-1042");
  await customerOnPhone.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/invoice-list-phone.png` });
  const card = await customerOnPhone.boundingBox();
  if (!card) throw new Error("the customer is not on screen");
  await page.mouse.click(card.x + 2, card.y + card.height / 2);
  await expect(page).toHaveURL(paid.url);
});
