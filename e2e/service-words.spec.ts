import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { newPageAs, notificationMatching } from "./fixtures";
import { approveFromQueue } from "./support/refunds";
import { createUsdtInvoice, payInvoice, setSandboxBalance } from "./support/sandbox-invoices";
import { signedWithdrawalWebhook } from "./support/signed-webhooks";
import { requestWithdrawal } from "./support/withdrawal-form";

function detail(page: Page, label: string) {
  return page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");
}

/** Checks `page` at 1280 px, then at 390 px, with a screenshot at each width. */
async function atBothWidths(page: Page, testInfo: TestInfo, name: string, check: () => Promise<void>) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await check();
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test("an over- and an underpaid invoice show the service's status in words and say what each amount is, on the invoice and on home", async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const support = await newPageAs(browser, "support");
  const over = await createUsdtInvoice(support, { customerId: `words-over-${Date.now()}` });
  const asked = (await detail(support, "Crypto amount").textContent())?.split(" ")[0] ?? "";
  await payInvoice(request, over.serviceId, (Number(asked) + 2.5).toFixed(6));
  await expect(support.getByTestId("invoice-status")).toHaveText("Overpaid", { timeout: 20_000 });
  await expect(support.getByTestId("service-status")).toHaveText("Paid more than asked");

  const under = await createUsdtInvoice(support, { customerId: `words-under-${Date.now()}` });
  const askedUnder = (await detail(support, "Crypto amount").textContent())?.split(" ")[0] ?? "";
  await payInvoice(request, under.serviceId, (Number(askedUnder) - 3.2).toFixed(6));
  await expect(support.getByTestId("invoice-status")).toHaveText("Underpaid", { timeout: 20_000 });
  await atBothWidths(support, testInfo, "underpaid-invoice", async () => {
    await expect(support.getByTestId("service-status")).toHaveText(
      "Paid less than asked; the link still takes payments",
    );
    await expect(support.getByTestId("service-status")).not.toContainText("wrong_amount");
  });

  await support.goto("/");
  await atBothWidths(support, testInfo, "home-worklist", async () => {
    await expect(support.getByTestId(`worklist-${over.orderId}`).getByTestId("at-stake")).toHaveText(
      "Overpaid by 2.50 USDT",
    );
    await expect(support.getByTestId(`worklist-${under.orderId}`).getByTestId("at-stake")).toHaveText(
      "Short by 3.20 USDT",
    );
  });
});

test("a payout the service reports paid with another amount: both records side by side, the difference marked, only the actions that apply, and the admins told", async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  await setSandboxBalance(request, "USDT", "100000");
  const support = await newPageAs(browser, "support");
  const payout = await requestWithdrawal(support, "Supplier invoice 7781", "20");
  const finance = await newPageAs(browser, "finance");
  await approveFromQueue(finance, payout.orderId);
  await expect(finance.getByText("Approved and sent to the payment service.")).toBeVisible();

  const delivered = await request.post("/api/webhooks/payments", {
    headers: { "Content-Type": "application/json" },
    data: signedWithdrawalWebhook("sandbox-invoice-key", payout.orderId, { status: "paid", amount: "21" }),
  });
  expect(delivered.status()).toBe(200);
  await finance.goto(`/withdrawals/${payout.id}`);
  await expect(finance.getByTestId("withdrawal-state")).toHaveText("Conflict", { timeout: 20_000 });
  await finance.reload();

  const sides = finance.getByTestId("side-by-side");
  await atBothWidths(finance, testInfo, "conflict", async () => {
    await expect(sides).toContainText("They differ on: amount, service's id.");
    const amount = sides.getByTestId("side-amount");
    await expect(amount).toHaveAttribute("data-differs", "true");
    await expect(amount).toContainText("differs");
    await expect(amount).toContainText("20.00 USDT");
    await expect(amount).toContainText("21.00 USDT");
    await expect(sides.getByTestId("side-status")).toContainText("Paid out");
    await expect(sides.getByTestId("side-address")).not.toHaveAttribute("data-differs", "true");
    // The service said paid: it is recorded paid, never closed, and the words say so.
    await expect(finance.getByRole("button", { name: "Record paid" })).toBeVisible();
    await expect(finance.getByRole("button", { name: "Propose closing" })).toHaveCount(0);
    await expect(finance.getByTestId("attention")).toContainText("then record it paid");
    await expect(finance.getByTestId("attention")).not.toContainText("closing");
  });
  await expectNoAxeViolations(finance, "[data-testid='side-by-side']");

  const admin = await newPageAs(browser, "admin");
  await admin.goto("/");
  await notificationMatching(
    admin,
    new RegExp(`Withdrawal ${payout.orderId} .*is in conflict with the service`),
  );
});
