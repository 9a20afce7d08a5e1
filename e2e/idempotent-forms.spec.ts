import { expect, test } from "@playwright/test";
import { signInAs } from "./fixtures";

const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

test.beforeEach(async ({ page }) => {
  await signInAs(page, "support");
});

test("a withdrawal request form delivered twice (a retried request) makes one request", async ({ page }) => {
  const customer = `twice-${Date.now()}`;
  let deliveries = 0;
  // The browser's submission reaches the server twice, as a network retry would deliver it; the
  // page sees the second answer.
  await page.route("**/withdrawals/new", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    deliveries += 1;
    await route.fetch();
    deliveries += 1;
    await route.fulfill({ response: await route.fetch() });
  });
  await page.goto("/withdrawals/new");
  await page.getByLabel(/^Amount in /).fill("3");
  await page.getByLabel("Destination address").fill(TRON_ADDRESS);
  await page.getByLabel(/^Customer id/).fill(customer);
  await page.getByLabel("Reason").fill("refund, sent twice by the network");
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(page).toHaveURL(/\/withdrawals\/[0-9a-f-]{36}$/);
  expect(deliveries).toBe(2);

  await page.unrouteAll();
  await page.goto(`/withdrawals?q=${customer}`);
  await expect(page.getByRole("link", { name: /^wd_/ })).toHaveCount(1);
});

test("an invoice form delivered twice makes one invoice", async ({ page }) => {
  const customer = `twice-${Date.now()}`;
  await page.route("**/invoices/new", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await route.fetch();
    await route.fulfill({ response: await route.fetch() });
  });
  await page.goto("/invoices/new");
  await page.getByLabel("Amount").fill("4");
  await page.getByLabel("Customer id (optional)").fill(customer);
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);

  await page.unrouteAll();
  await page.goto(`/invoices?q=${customer}`);
  await expect(page.getByRole("link", { name: /^inv_/ })).toHaveCount(1);
});
