import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "./fixtures";

// Issue #9: hostile text typed into a form is shown back as text, never run as markup; an
// invisible NUL gets a message on its field rather than an error page.

const MARKUP = `<img src=x onerror="document.title='pwned'"><script>document.title='pwned'</script>`;
const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

function failOnDialog(page: Page) {
  page.on("dialog", (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
}

test.beforeEach(async ({ page }) => {
  failOnDialog(page);
  await signInAs(page, "support");
});

test("markup as a customer id is shown as text on the invoice", async ({ page }) => {
  await page.goto("/invoices/new");
  await page.getByLabel("Amount").fill("12");
  await page.getByLabel("Customer id (optional)").fill(MARKUP);
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
  await expect(page.getByText(MARKUP, { exact: true })).toBeVisible();
  expect(await page.locator("main img[src='x']").count()).toBe(0);
  expect(await page.title()).not.toContain("pwned");
});

test("markup as a withdrawal's reason is shown as text", async ({ page }) => {
  await page.goto("/withdrawals/new");
  await page.getByLabel(/^Amount in /).fill("1");
  await page.getByLabel("Destination address").fill(TRON_ADDRESS);
  await page.getByLabel("Reason").fill(MARKUP);
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(page).toHaveURL(/\/withdrawals\/[0-9a-f-]{36}$/);
  await expect(page.getByText(MARKUP, { exact: true }).first()).toBeVisible();
  expect(await page.locator("main img[src='x']").count()).toBe(0);
  expect(await page.title()).not.toContain("pwned");
});

test("a NUL in a field gets a message on that field, and nothing is sent", async ({ page }) => {
  await page.goto("/invoices/new");
  await page.getByLabel("Amount").fill("12");
  await page.getByLabel("Customer id (optional)").fill("cust\u0000-7");
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(page.getByText(/Remove the invisible control character/)).toBeVisible();
  await expect(page).toHaveURL(/\/invoices\/new$/);
});

test("a NUL in a list's search is refused next to the field, with the rest of what was typed kept", async ({
  page,
}) => {
  for (const path of ["/invoices", "/withdrawals"]) {
    const response = await page.goto(`${path}?q=inv%00-42`);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const search = page.getByRole("searchbox", { name: "Search" });
    await expect(search).toHaveValue("inv-42");
    await expect(search).toHaveAttribute("aria-invalid", "true");
    await expect(search).toHaveAccessibleDescription(/Not searched: remove the invisible control character/);
  }
});

// "a sign-in body over 64 KB is refused unread" is the route's own answer: it runs in vitest,
// app/api/auth/[...nextauth]/route.test.ts.
