import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { WITHDRAWAL_STATE_LABELS as STATE } from "../lib/withdrawals/state-labels";
import { expectFitsViewport, expectNoAxeViolations } from "./axe";
import { DEMO, newPageAs, signIn, type DemoRole } from "./fixtures";
import { fillEuroInvoice } from "./support/invoice-form";

const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

// Closed after each test: an open page keeps polling the server through the tests after it.
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

async function as(browser: Browser, role: DemoRole, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = await newPageAs(browser, role, { viewport });
  opened.push(page.context());
  return page;
}

const entries = (page: Page) => page.getByTestId("audit-row");
const idFromUrl = (page: Page) => page.url().split("/").at(-1) ?? "";

test("an invoice support created reads as a sentence: who, what, its order id linked, its amount as money", async ({
  browser,
}) => {
  const support = await as(browser, "support");
  const orderId = await fillEuroInvoice(support, "1234.5", `cust-${Date.now()}`);
  await support.getByRole("button", { name: "Create invoice" }).click();
  await expect(support).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
  const invoiceId = idFromUrl(support);

  const admin = await as(browser, "admin");
  await admin.goto("/audit");
  const entry = entries(admin).filter({ hasText: orderId });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId("audit-sentence")).toHaveText(
    `Sam Support created invoice ${orderId} for 1,234.50 EUR`,
  );
  await expect(entry.getByRole("link", { name: orderId })).toHaveAttribute("href", `/invoices/${invoiceId}`);
  // The code stays out of sight until the entry is opened.
  await expect(entry.getByText("invoice.created")).toBeHidden();
  await entry.getByText("Details").click();
  await expect(entry.getByText("invoice.created")).toBeVisible();
  await expect(entry.getByTestId("audit-change")).toHaveText([
    `Order id: ${orderId}`,
    "Amount: 1,234.50 EUR",
  ]);

  await entry.getByRole("link", { name: orderId }).click();
  await expect(admin).toHaveURL(new RegExp(`/invoices/${invoiceId}$`));
});

test("an opened entry lists what changed, before → after, in words", async ({ browser, request }) => {
  const balance = await request.put("/sandbox/control/balances/USDT", {
    headers: { Authorization: "Bearer sandbox-invoice-key" },
    data: { amount: "100000" },
  });
  expect(balance.ok()).toBe(true);
  const support = await as(browser, "support");
  await support.goto("/withdrawals/new");
  await support.getByLabel(/^Amount in /).fill("7.25");
  await support.getByLabel("Destination address").fill(TRON_ADDRESS);
  await support.getByLabel("Reason").fill("Sentence test: no longer needed");
  await support.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(support).toHaveURL(/\/withdrawals\/[0-9a-f-]{36}$/);
  const withdrawalId = idFromUrl(support);
  const orderId = (await support.getByRole("heading", { level: 1 }).textContent()) ?? "";
  await support.getByRole("button", { name: "Cancel request" }).click();
  await support.getByRole("dialog").getByRole("button", { name: "Cancel request" }).click();
  await expect(support.getByTestId("withdrawal-state")).toHaveText(STATE.cancelled);

  const admin = await as(browser, "admin");
  await admin.goto(`/audit?objectType=withdrawal&objectId=${withdrawalId}`);
  await expect(entries(admin).getByTestId("audit-sentence")).toHaveText([
    `Sam Support cancelled withdrawal ${orderId} of 7.25 USDT`,
    `Sam Support requested withdrawal ${orderId} of 7.25 USDT to TR7NHq…Lj6t`,
  ]);
  const cancelled = entries(admin).first();
  await expect(cancelled.getByTestId("audit-change")).toBeHidden();
  await cancelled.getByText("Details").click();
  await expect(cancelled.getByTestId("audit-change")).toHaveText([
    `State: ${STATE.awaiting_approval} → ${STATE.cancelled}`,
  ]);
  await expect(cancelled.getByText('"state"')).toHaveCount(0);
  await expectNoAxeViolations(admin);
  // The reason in the person's words, under the sentence.
  await expect(entries(admin).nth(1)).toContainText("Sentence test: no longer needed");
});

test("sign-ins are hidden until the Sign-ins filter shows them, and the URL keeps the choice", async ({
  browser,
}) => {
  // Signs in through the form: the sign-in it shows is this one, among the latest entries.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  opened.push(context);
  const admin = await context.newPage();
  await signIn(admin, DEMO.admin);
  await admin.goto("/audit");
  await expect(entries(admin).first()).toBeVisible();
  await expect(entries(admin).filter({ hasText: /signed in/ })).toHaveCount(0);

  await admin.getByLabel("Sign-ins").selectOption({ label: "Shown" });
  await admin.getByRole("button", { name: "Apply" }).click();
  await expect(admin).toHaveURL(/signIns=show/);
  await expect(entries(admin).filter({ hasText: "Ada Admin signed in" }).first()).toBeVisible();

  await admin.getByLabel("Sign-ins").selectOption({ label: "Only sign-ins" });
  await admin.getByRole("button", { name: "Apply" }).click();
  await expect(admin).toHaveURL(/signIns=only/);
  await admin.reload();
  await expect(admin.getByLabel("Sign-ins")).toHaveValue("only");
  const sentences = await entries(admin).getByTestId("audit-sentence").allTextContents();
  expect(sentences.length).toBeGreaterThan(0);
  expect(sentences.every((text) => /sign|session|second factor/.test(text))).toBe(true);
  // No action codes in what people read, even for sign-ins.
  await expect(admin.getByText("auth.signed_in").filter({ visible: true })).toHaveCount(0);
});

test("on a phone the entries are cards that fit the screen; on a desktop, a table", async ({ browser }) => {
  const phone = await as(browser, "admin", { width: 390, height: 844 });
  await phone.goto("/audit");
  await expect(entries(phone).first()).toBeVisible();
  await expect(phone.getByRole("columnheader", { name: "When" })).toBeHidden();
  await entries(phone).first().getByText("Details", { exact: true }).click();
  await expectFitsViewport(phone);
  await expectNoAxeViolations(phone);

  const desktop = await as(browser, "admin");
  await desktop.goto("/audit");
  await expect(desktop.getByRole("columnheader", { name: "When" })).toBeVisible();
});
