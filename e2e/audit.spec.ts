import { readFile } from "node:fs/promises";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { DEMO, newPageAs, signInAs, type DemoRole } from "./fixtures";

const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

// Closed after each test: an open page keeps polling the server through the tests after it.
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

async function as(browser: Browser, role: DemoRole): Promise<Page> {
  const page = await newPageAs(browser, role);
  opened.push(page.context());
  return page;
}

const idFromUrl = (page: Page) => page.url().split("/").at(-1) ?? "";
const rows = (page: Page) => page.getByTestId("audit-row");

test("the audit page shows an invoice's and a withdrawal's full trail, by object and by person, and exports it", async ({
  browser,
  request,
}) => {
  const balance = await request.put("/sandbox/control/balances/USDT", {
    headers: { Authorization: "Bearer sandbox-invoice-key" },
    data: { amount: "100000" },
  });
  expect(balance.ok()).toBe(true);

  // Support creates an invoice and requests a withdrawal; finance approves it (and it is sent).
  const support = await as(browser, "support");
  await support.goto("/invoices/new");
  await support.getByLabel("Amount").fill("42");
  await support.getByRole("button", { name: "Create invoice" }).click();
  await expect(support).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
  const invoiceId = idFromUrl(support);
  await support.getByRole("link", { name: "Duplicate" }).click();
  await expect(support.getByRole("heading", { name: "Duplicate invoice" })).toBeVisible();
  await support.getByRole("button", { name: "Create invoice" }).click();
  await expect(support).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
  await expect(support).not.toHaveURL(new RegExp(invoiceId));
  const copyId = idFromUrl(support);

  await support.goto("/withdrawals/new");
  await support.getByLabel(/^Amount in /).fill("3.25");
  await support.getByLabel("Destination address").fill(TRON_ADDRESS);
  await support.getByLabel("Reason").fill("Audit trail test");
  await support.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(support).toHaveURL(/\/withdrawals\/[0-9a-f-]{36}$/);
  const withdrawalId = idFromUrl(support);
  const orderId = (await support.getByRole("heading", { level: 1 }).textContent()) ?? "";

  const finance = await as(browser, "finance");
  await finance.goto("/withdrawals/approvals");
  await finance.getByTestId(`approval-row-${orderId}`).getByRole("button", { name: "Approve" }).click();
  await finance.getByRole("button", { name: "Approve and pay out" }).click();
  await expect(finance.getByText("Approved and sent to the payment service.")).toBeVisible();

  // From the invoice page, its trail.
  await finance.goto(`/invoices/${invoiceId}`);
  await finance.getByRole("link", { name: "Audit trail" }).click();
  await expect(finance).toHaveURL(new RegExp(`/audit\\?objectType=invoice&objectId=${invoiceId}$`));
  await expect(rows(finance)).toHaveCount(1);
  await expect(rows(finance).first().getByTestId("audit-sentence")).toHaveText(
    /^Sam Support created invoice inv_\S+ for 42\.00 USD$/,
  );

  await finance.goto(`/audit?objectType=invoice&objectId=${copyId}`);
  await expect(rows(finance)).toHaveCount(1);
  await expect(rows(finance).first()).toHaveAttribute("data-action", "invoice.duplicated");
  // The original, by its order id, linked.
  await expect(
    rows(finance).first().getByTestId("audit-sentence").locator(`a[href="/invoices/${invoiceId}"]`),
  ).toHaveCount(1);

  // From the withdrawal page, its whole trail, newest first.
  await finance.goto(`/withdrawals/${withdrawalId}`);
  await finance.getByRole("link", { name: "Audit trail" }).click();
  await expect(finance).toHaveURL(new RegExp(`/audit\\?objectType=withdrawal&objectId=${withdrawalId}$`));
  await expect(async () => {
    await finance.reload();
    const actions = await rows(finance).evaluateAll((found) => found.map((row) => row.dataset.action));
    // The service's answers (and a webhook saying paid) are state changes between these.
    expect(actions.filter((action) => action !== "withdrawal.state_changed")).toEqual([
      "withdrawal.submitted",
      "withdrawal.approved",
      "withdrawal.requested",
    ]);
  }).toPass({ timeout: 10_000 });
  await expect(rows(finance).filter({ hasText: `Fran Finance approved withdrawal ${orderId}` })).toHaveCount(
    1,
  );

  // Filtered by person as well: only what support did to it.
  await finance.getByLabel("Person (email)").fill(DEMO.support);
  await finance.getByRole("button", { name: "Apply" }).click();
  await expect(finance).toHaveURL(/person=support%40example\.com/);
  await expect(rows(finance)).toHaveCount(1);
  await expect(rows(finance).first()).toContainText(
    `Sam Support requested withdrawal ${orderId} of 3.25 USDT`,
  );
  await expect(rows(finance).first()).toContainText("Audit trail test");

  // The CSV holds the same rows, and exporting is itself recorded.
  const [download] = await Promise.all([
    finance.waitForEvent("download"),
    finance.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const csv = await readFile((await download.path()) ?? "", "utf8");
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toContain("actor_email");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain("withdrawal.requested");
  expect(lines[1]).toContain(DEMO.support);
  expect(lines[1]).toContain(withdrawalId);

  await finance.goto(`/audit?person=${encodeURIComponent(DEMO.finance)}&action=csv.exported`);
  await expect(rows(finance).first().getByTestId("audit-sentence")).toHaveText(
    "Fran Finance exported the audit log as CSV",
  );
});

test("support may not read the audit log", async ({ page }) => {
  await signInAs(page, "support");
  expect((await page.goto("/audit"))?.status()).toBe(403);
  await expect(page.getByRole("link", { name: "Audit log" })).toHaveCount(0);
});
