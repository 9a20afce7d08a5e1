import { Secret, TOTP } from "otpauth";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { NON_DEMO, nonDemoServer } from "./support/non-demo-server";
import { rememberSecret } from "./support/server-log";

/**
 * Two-factor sign-in outside demo mode, on the run's server for that (e2e/support/non-demo-server.ts),
 * with people of this spec's own, created beforehand by the command line (each chose their
 * password through the invitation link it printed). Every approval there asks for a fresh code.
 */
const BASE = NON_DEMO.base;
const INVOICE_KEY = NON_DEMO.invoiceKey;
const USERS = {
  admin: "tf-admin@example.com",
  finance: "tf-finance@example.com",
  support: "tf-support@example.com",
};
let passwords: Record<string, string> = {};

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(() => {
  passwords = { ...nonDemoServer().passwords };
});

/**
 * A code the server has not taken yet. The server accepts one step either side of its clock, and
 * never a step at or before one already used: so the previous step's (while the current step has
 * 10 s or more to run, so the server still reads it as one step back), else the current one's,
 * else the next one's, else the next free one once the clock allows it. Three codes in a row need
 * no wait.
 */
const usedSteps = new Map<string, number>();
/** The finance user's authenticator secret, once they enrolled (the approval test). */
let financeSecret = "";
async function freshCode(secret: string): Promise<string> {
  const step = () => Math.floor(Date.now() / 30_000);
  const earliest = () => (Date.now() % 30_000 < 20_000 ? step() - 1 : step());
  const next = () => Math.max(earliest(), (usedSteps.get(secret) ?? -Infinity) + 1);
  while (next() > step() + 1) await new Promise((resolve) => setTimeout(resolve, 500));
  const chosen = next();
  usedSteps.set(secret, chosen);
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: chosen * 30_000 });
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ baseURL: BASE })).newPage();
}

async function enterPassword(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(passwords[email] ?? "");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Signs in a user who must enroll, checks they are led to enrollment, enrolls; returns the secret and recovery codes. */
async function enroll(page: Page, email: string) {
  await enterPassword(page, email);
  await expect(page).toHaveURL(/\/account\/two-factor$/);
  await page.goto("/invoices");
  await expect(page).toHaveURL(/\/account\/two-factor$/);
  await expect(page.getByText("Admin and finance accounts must use two-factor sign-in")).toBeVisible();
  // The app's key is shown to this person only, on asking: just signed in with the password, they
  // are not asked for it again.
  await expect(page.getByTestId("two-factor-secret")).toHaveCount(0);
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(page.getByTestId("two-factor-secret")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Confirm your password" })).toHaveCount(0);
  const secret = ((await page.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel("Enter the 6-digit code the app shows").fill("000000");
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByText("That code is not right")).toBeVisible();
  await page.getByLabel("Enter the 6-digit code the app shows").fill(await freshCode(secret));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const list = page.getByTestId("recovery-codes");
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const recovery = (await list.getByRole("listitem").allTextContents()).map((code) => code.trim());
  rememberSecret("a TOTP secret", secret);
  for (const code of recovery) rememberSecret("a recovery code", code);
  await page.getByLabel("I have saved my recovery codes").check();
  await page.getByRole("button", { name: "Continue to Paydesk" }).click();
  await expect(page).toHaveURL(`${BASE}/`);
  await expect(page.getByTestId("signed-in-user")).toContainText(email);
  return { secret, recovery };
}

test("a new admin is led to enrollment, enrolls, and signs in with a code and with a recovery code", async ({
  browser,
}) => {
  const page = await newPage(browser);
  const { secret, recovery } = await enroll(page, USERS.admin);
  await expect(page.getByTestId("demo-banner")).toHaveCount(0);

  // The secret is never shown again.
  await page.goto("/account/two-factor");
  await expect(page.getByTestId("two-factor-status")).toContainText("10 of 10 recovery codes unused");
  await expect(page.getByTestId("two-factor-secret")).toHaveCount(0);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await enterPassword(page, USERS.admin);
  await page.getByLabel("Code from your authenticator app").fill("123456");
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByText("That code is not right")).toBeVisible();
  await page.getByLabel("Code from your authenticator app").fill(await freshCode(secret));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByTestId("signed-in-user")).toContainText(USERS.admin);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await enterPassword(page, USERS.admin);
  await page.getByLabel("Code from your authenticator app").fill(recovery[0] ?? "");
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByTestId("signed-in-user")).toContainText(USERS.admin);
  await page.goto("/account/two-factor");
  await expect(page.getByTestId("two-factor-status")).toContainText("9 of 10 recovery codes unused");
});

test("a finance approval asks for a fresh code after the window", async ({ browser, request }) => {
  const balance = await request.put(`${BASE}/sandbox/control/balances/USDT`, {
    headers: { Authorization: `Bearer ${INVOICE_KEY}` },
    data: { amount: "100000" },
  });
  expect(balance.ok()).toBe(true);

  const support = await newPage(browser);
  await enterPassword(support, USERS.support);
  await expect(support.getByTestId("signed-in-user")).toContainText(USERS.support);
  await support.goto("/withdrawals/new");
  await support.getByLabel(/^Amount in /).fill("7");
  await support.getByLabel("Destination address").fill("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
  await support.getByLabel("Reason").fill("Refund for order 2002");
  await support.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(support.getByTestId("withdrawal-state")).toHaveText("Awaiting approval");
  const orderId = (await support.getByRole("heading", { level: 1 }).textContent()) ?? "";

  const finance = await newPage(browser);
  const { secret } = await enroll(finance, USERS.finance);
  financeSecret = secret;
  await finance.goto("/withdrawals/approvals");
  const row = finance.getByTestId(`approval-row-${orderId}`);
  await row.getByRole("button", { name: "Approve" }).click();
  await finance.getByRole("button", { name: "Approve and pay out" }).click();
  const code = finance.getByLabel("Code from your authenticator app");
  await expect(code).toBeVisible();
  await expect(finance.getByText("Enter a fresh code from your authenticator app")).toBeVisible();
  await code.fill(await freshCode(secret));
  await finance.getByRole("button", { name: "Approve and pay out" }).click();
  await expect(finance.getByText("Approved and sent to the payment service.")).toBeVisible();
});

test("with two-factor on, changing one's password asks for a fresh code", async ({ browser }) => {
  const page = await newPage(browser);
  await enterPassword(page, USERS.finance);
  await page.getByLabel("Code from your authenticator app").fill(await freshCode(financeSecret));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByTestId("signed-in-user")).toContainText(USERS.finance);

  const chosen = "a lantern by the northern gate";
  await page.goto("/account/password");
  await page.getByLabel("Current password").fill(passwords[USERS.finance] ?? "");
  await page.getByLabel("New password", { exact: true }).fill(chosen);
  await page.getByLabel("Type the new password again").fill(chosen);
  await page.getByRole("button", { name: "Change password" }).click();
  const code = page.getByLabel("Code from your authenticator app");
  await expect(code).toBeVisible();
  await expect(page.getByText("Enter a fresh code from your authenticator app")).toBeVisible();
  await code.fill(await freshCode(financeSecret));
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByTestId("password-changed")).toContainText("Your password is changed.");
  passwords[USERS.finance] = chosen;
});
