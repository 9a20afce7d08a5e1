import { expect, type APIRequestContext, type Page, test } from "@playwright/test";
import { formatViolations, runAxe } from "./axe";
import { newPageAs, notificationMatching, personOfTheirOwn, signIn, signInAs, uniqueEmail } from "./fixtures";
import { createUsdtInvoice, payInvoice, SANDBOX_AUTH, setSandboxBalance } from "./support/sandbox-invoices";

const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const PHONE = { width: 390, height: 844 };

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

/** The header's number: open tasks and unread information; none shown is 0. */
async function headerCount(page: Page): Promise<number> {
  const badge = page.getByTestId("notifications-unread");
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

async function noAxeViolationsInDialog(page: Page) {
  const results = await runAxe(page, '[role="dialog"]');
  expect(results.violations, formatViolations(results.violations)).toEqual([]);
}

test("a request waits under Needs you for finance; once another person in finance approves it, it shows done by them and leaves the count", async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  await setSandboxBalance(request, "USDT", "100000");
  const support = await newPageAs(browser, "support");
  await support.goto("/withdrawals/new");
  await support.getByLabel(/^Amount in /).fill("3.25");
  await support.getByLabel("Destination address").fill(TRON_ADDRESS);
  await support.getByLabel("Reason").fill("Notifications test");
  await support.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(support).toHaveURL(/\/withdrawals\/[0-9a-f-]{36}$/);
  const orderId = (await support.getByRole("heading", { level: 1 }).textContent()) ?? "";
  const asked = new RegExp(`${orderId}.*waits for your approval`);

  const finance = await newPageAs(browser, "finance", { viewport: { width: 1280, height: 800 } });
  await finance.goto("/");
  await expect(finance.getByTestId("nav-count-approvals")).toContainText(/waiting for your approval/);
  await notificationMatching(finance, asked);
  const needsYou = finance.getByTestId("notifications-needs-you");
  const task = needsYou.getByRole("link", { name: asked });
  await expect(task).toContainText("To do");
  // What needs the person comes first, apart from what is for their information.
  const [needsBox, infoBox] = await Promise.all([
    needsYou.boundingBox(),
    finance.getByTestId("notifications-information").boundingBox(),
  ]);
  expect(needsBox?.y ?? Infinity).toBeLessThan(infoBox?.y ?? 0);
  await noAxeViolationsInDialog(finance);
  await finance.screenshot({ path: testInfo.outputPath("needs-you-1280.png"), fullPage: true });

  // Nobody is asked to approve their own request.
  await support.getByTestId("notifications-button").click();
  await expect(support.getByTestId("notifications").getByText(asked)).toHaveCount(0);

  // Another person in finance approves it; finance's panel, left open, follows.
  const finance2 = await newPageAs(browser, "finance2");
  await finance2.goto("/withdrawals/approvals");
  await finance2.getByTestId(`approval-row-${orderId}`).getByRole("button", { name: "Approve" }).click();
  await finance2
    .getByRole("dialog")
    .getByRole("button", { name: /^Approve/ })
    .click();
  await expect(finance2.getByTestId(`approval-row-${orderId}`)).toHaveCount(0);

  await expect(task).toHaveAttribute("data-testid", "task-done", { timeout: 30_000 });
  await expect(task).toContainText(/Approved by Felix Finance at \d\d:\d\d/);
  await expect(task).not.toContainText("To do");
  // With everything read, the header counts exactly the tasks still open: this one is not.
  await finance.getByRole("button", { name: "Mark all read" }).click();
  await expect(async () => {
    expect(await headerCount(finance)).toBe(await needsYou.getByTestId("task-open").count());
  }).toPass({ timeout: 15_000 });
  await finance.screenshot({ path: testInfo.outputPath("done-by-another-1280.png"), fullPage: true });

  await finance.setViewportSize(PHONE);
  // Other tests' requests may stand above it in a full run: the panel scrolls to it on a phone.
  await task.scrollIntoViewIfNeeded();
  await expect(task).toBeInViewport({ ratio: 0.5 });
  const dialog = await finance.getByRole("dialog").boundingBox();
  expect(dialog?.width ?? Infinity).toBeLessThanOrEqual(PHONE.width);
  await finance.screenshot({ path: testInfo.outputPath("done-by-another-390.png"), fullPage: true });
  await Promise.all([support, finance, finance2].map((page) => page.context().close()));
});

async function expire(request: APIRequestContext, serviceId: string) {
  const response = await request.post(`/sandbox/control/invoices/${serviceId}/expire`, {
    headers: SANDBOX_AUTH,
  });
  expect(response.ok()).toBe(true);
}

test("expiries are one line whose link opens the list filtered to them; a person who mutes them hears of no more", async ({
  browser,
  baseURL,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  // A person of the test's own: the line counts their invoices alone.
  const person = await personOfTheirOwn(baseURL ?? "", {
    email: uniqueEmail("expiries"),
    name: "Eve Expiries",
    role: "support",
    password: "a-fresh-password-42",
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, person.email, person.password);
  const made = [];
  for (let n = 0; n < 3; n++) made.push(await createUsdtInvoice(page));
  for (const invoice of made) await expire(request, invoice.serviceId);

  const group = await notificationMatching(page, /3 invoices expired today/);
  await expect(group).toContainText("New");
  await expect(page.getByTestId("notifications-information").getByRole("link")).toHaveCount(1);
  // One line, one to count.
  expect(await headerCount(page)).toBe(1);
  await noAxeViolationsInDialog(page);
  await page.screenshot({ path: testInfo.outputPath("expiries-grouped-1280.png"), fullPage: true });

  await group.click();
  await expect(page).toHaveURL(
    /\/invoices\?status=expired&mine=1&dateFrom=\d{4}-\d\d-\d\d&dateTo=\d{4}-\d\d-\d\d$/,
  );
  for (const invoice of made) await expect(page.getByText(invoice.orderId).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("expired-list-1280.png"), fullPage: true });

  await page.setViewportSize(PHONE);
  await page.getByTestId("notifications-button").click();
  await expect(group).not.toContainText("New");
  expect(await headerCount(page)).toBe(0);
  // Muted: a fourth expiry is not told.
  const hear = page.getByLabel("Tell me when my invoices expire");
  await expect(hear).toBeChecked();
  await hear.uncheck();
  await expect(hear).not.toBeChecked();
  await page.screenshot({ path: testInfo.outputPath("expiries-muted-390.png"), fullPage: true });
  await page.keyboard.press("Escape");

  const fourth = await createUsdtInvoice(page);
  await expire(request, fourth.serviceId);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("invoice-status")).toHaveText("Expired", { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByTestId("notifications-button").click();
  await expect(page.getByTestId("notifications-information").getByRole("link")).toHaveCount(1);
  await expect(group).toBeVisible();
  await expect(page.getByTestId("notifications").getByText(fourth.orderId)).toHaveCount(0);
  await expect(page.getByLabel("Tell me when my invoices expire")).not.toBeChecked();
  expect(await headerCount(page)).toBe(0);
  await context.close();
});
