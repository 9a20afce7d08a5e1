import { expect, test } from "@playwright/test";
import { newPageAs, notificationMatching, signInAs } from "./fixtures";
import { createUsdtInvoice, payInvoice, setSandboxBalance } from "./support/sandbox-invoices";

const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

test("support hears, without reloading, that their invoice was overpaid; the notification opens the invoice and is then read", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInAs(page, "support");
  const { orderId, url: invoiceUrl, serviceId } = await createUsdtInvoice(page);
  await page.goto("/invoices");
  await payInvoice(request, serviceId, "1000");

  // The page stays as it is: the header polls for news.
  const button = page.getByTestId("notifications-button");
  await expect(page.getByRole("button", { name: /^Notifications\s*, [1-9]\d* unread$/ })).toBeVisible({
    timeout: 30_000,
  });
  const item = await notificationMatching(page, new RegExp(`${orderId}.*overpaid`));
  await expect(item).toContainText("New");
  await item.click();
  await expect(page).toHaveURL(invoiceUrl);

  await button.click();
  await expect(item).toBeVisible();
  await expect(item).not.toContainText("New");
});

test("a request by support waits under Needs you for finance, and once another approver decides it, it says who did", async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  await setSandboxBalance(request, "USDT", "100000");
  const support = await newPageAs(browser, "support");
  await support.goto("/withdrawals/new");
  await support.getByLabel(/^Amount in /).fill("3.25");
  await support.getByLabel("Destination address").fill(TRON_ADDRESS);
  await support.getByLabel("Reason").fill("Notifications test");
  await support.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(support).toHaveURL(/\/withdrawals\/[0-9a-f-]{36}$/);
  const orderId = (await support.getByRole("heading", { level: 1 }).textContent()) ?? "";

  const finance = await newPageAs(browser, "finance");
  await finance.goto("/");
  await expect(finance.getByTestId("nav-count-approvals")).toContainText(/waiting for your approval/);
  await finance.getByTestId("notifications-button").click();
  const waiting = new RegExp(`${orderId}.*waits for your approval`);
  await expect(finance.getByTestId("needs-you").getByRole("link", { name: waiting })).toBeVisible();
  await finance.getByTestId("notifications").getByRole("link", { name: waiting }).click();
  await expect(finance.getByRole("heading", { level: 1 })).toHaveText(orderId);
  // Nobody is asked to approve their own request.
  await support.getByTestId("notifications-button").click();
  await expect(
    support.getByTestId("notifications").getByText(new RegExp(`${orderId}.*waits for your approval`)),
  ).toHaveCount(0);

  // Felix decides it: Fran's task is done, says so, and no longer asks her.
  const finance2 = await newPageAs(browser, "finance2");
  await finance2.goto(finance.url());
  await finance2.getByRole("button", { name: "Reject" }).click();
  await finance2.getByLabel("Reason (the requester sees it)").fill("Not this one");
  await finance2.getByRole("dialog").getByRole("button", { name: "Reject" }).click();
  await expect(finance2.getByTestId("withdrawal-state")).toHaveText("Rejected");
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await finance.setViewportSize(viewport);
    await finance.goto("/");
    await finance.getByTestId("notifications-button").click();
    const done = finance.getByTestId("for-information").getByRole("link", { name: waiting });
    await expect(done.getByTestId("task-done")).toContainText("Done by Felix Finance");
    await expect(finance.getByTestId("needs-you").getByRole("link", { name: waiting })).toHaveCount(0);
    await finance.screenshot({ path: testInfo.outputPath(`inbox-${viewport.width}.png`) });
    await finance.keyboard.press("Escape");
  }
});
