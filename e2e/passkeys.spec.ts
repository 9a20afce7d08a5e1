import { Secret, TOTP } from "otpauth";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { NON_DEMO, nonDemoServer } from "./support/non-demo-server";
import { rememberSecret } from "./support/server-log";

/**
 * Passkeys with Chromium's virtual authenticator (CDP WebAuthn domain): a finance user who must
 * enroll adds a passkey as their only second factor, signs out, signs in with it (no email: a
 * discoverable credential), and approves a withdrawal confirming with it; the recovery codes
 * shown with the first passkey still sign in. On the run's server outside demo mode
 * (e2e/support/non-demo-server.ts), where every approval asks for a confirmation, with people of
 * this spec's own. WebAuthn refuses an IP address as the relying party: the whole spec uses
 * http://localhost (the server listens on 127.0.0.1, which localhost reaches; cookies are per host).
 */
const BASE = NON_DEMO.localBase;
const INVOICE_KEY = NON_DEMO.invoiceKey;
const USERS = { finance: "pk-finance@example.com", support: "pk-support@example.com" };
let passwords: Record<string, string> = {};

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(() => {
  passwords = nonDemoServer().passwords;
});

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ baseURL: BASE })).newPage();
}

/** A platform authenticator that holds discoverable passkeys and verifies its user, always. */
async function withVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function enterPassword(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(passwords[email] ?? "");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function requestWithdrawal(page: Page): Promise<string> {
  await page.goto("/withdrawals/new");
  await page.getByLabel(/^Amount in /).fill("9");
  await page.getByLabel("Destination address").fill("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
  await page.getByLabel("Reason").fill("Refund for order 3003");
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(page.getByTestId("withdrawal-state")).toHaveText("Awaiting approval");
  return (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
}

test("a finance user adds a passkey, signs in with it, and approves a withdrawal with it", async ({
  browser,
  request,
}) => {
  const finance = await newPage(browser);
  const { cdp, authenticatorId } = await withVirtualAuthenticator(finance);

  // Admin and finance must enroll; a passkey alone does it.
  await enterPassword(finance, USERS.finance);
  await expect(finance).toHaveURL(/\/account\/two-factor$/);
  await finance.getByRole("link", { name: "Passkeys" }).click();
  await expect(finance.getByText("Admin and finance accounts must use two-factor sign-in")).toBeVisible();
  await finance.getByRole("button", { name: "Add a passkey" }).click();
  await expect(finance.getByText("Name the passkey")).toBeVisible();
  await finance.getByLabel("Name for this passkey").fill("Test laptop");
  await finance.getByRole("button", { name: "Add a passkey" }).click();
  const codes = finance.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allTextContents()).map((code) => code.trim());
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  await finance.getByLabel("I have saved my recovery codes").check();
  await finance.getByRole("button", { name: "Continue to Paydesk" }).click();
  await expect(finance).toHaveURL(`${BASE}/`);
  await expect(finance.getByTestId("signed-in-user")).toContainText(USERS.finance);

  // Listed, never used; this session (password only) has not confirmed a second factor.
  await finance.goto("/account/passkeys");
  const row = finance.getByTestId("passkey-Test laptop");
  await expect(row).toContainText("never used yet");
  await row.getByRole("button", { name: "Remove passkey Test laptop" }).click();
  await expect(finance.getByTestId("last-confirmation")).toHaveText(
    "Second-factor confirmation: not yet in this session.",
  );
  await finance.getByRole("button", { name: "Cancel" }).click();

  // Signed out, back in with the passkey alone: no email, no password.
  await finance.getByRole("button", { name: "Sign out" }).click();
  await expect(finance).toHaveURL(/\/login/);
  await finance.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(finance.getByTestId("signed-in-user")).toContainText(USERS.finance);
  await finance.goto("/account/passkeys");
  await expect(finance.getByTestId("passkey-Test laptop")).toContainText("last used");

  // Someone else requests a payout; finance approves it, confirming with the passkey.
  const balance = await request.put(`${BASE}/sandbox/control/balances/USDT`, {
    headers: { Authorization: `Bearer ${INVOICE_KEY}` },
    data: { amount: "100000" },
  });
  expect(balance.ok()).toBe(true);
  const support = await newPage(browser);
  await enterPassword(support, USERS.support);
  await expect(support.getByTestId("signed-in-user")).toContainText(USERS.support);
  const orderId = await requestWithdrawal(support);

  await finance.goto("/withdrawals/approvals");
  await finance.getByTestId(`approval-row-${orderId}`).getByRole("button", { name: "Approve" }).click();
  // Signing in with the passkey was this session's confirmation.
  await expect(finance.getByTestId("last-confirmation")).toContainText(
    "This session last confirmed your second factor at",
  );
  await expect(finance.getByLabel("Code from your authenticator app")).toHaveCount(0);
  await finance.getByRole("button", { name: "Confirm with a passkey" }).click();
  await expect(finance.getByText("Passkey confirmed.")).toBeVisible();
  await finance.getByRole("button", { name: "Approve and pay out" }).click();
  await expect(finance.getByText("Approved and sent to the payment service.")).toBeVisible();

  // The passkey lost: the password and a recovery code still sign in.
  await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
  await finance.getByRole("button", { name: "Sign out" }).click();
  await expect(finance).toHaveURL(/\/login/);
  await enterPassword(finance, USERS.finance);
  await finance.getByLabel("Code from your authenticator app").fill(recovery[0] ?? "");
  await finance.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(finance.getByTestId("signed-in-user")).toContainText(USERS.finance);
});

test("a cancelled or impossible passkey prompt says so on the sign-in page", async ({ browser }) => {
  const page = await newPage(browser);
  const { cdp, authenticatorId } = await withVirtualAuthenticator(page);
  // An authenticator that holds no passkey for this site: the browser finds nothing to use.
  await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId, enabled: true });
  await page.goto("/login");
  await page.getByLabel("Email").fill(USERS.support);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByText(/No passkey was used/)).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/login/);
});

test("signed in with a passkey alone, the person confirms their password before setting up the authenticator app", async ({
  browser,
}) => {
  const page = await newPage(browser);
  await withVirtualAuthenticator(page);
  const password = passwords[USERS.support] ?? "";

  // Just signed in with the password: adding a first passkey asks nothing more.
  await enterPassword(page, USERS.support);
  await expect(page.getByTestId("signed-in-user")).toContainText(USERS.support);
  await page.goto("/account/passkeys");
  await page.getByLabel("Name for this passkey").fill("Support laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await expect(page.getByRole("dialog", { name: "Confirm your password" })).toHaveCount(0);
  await page.getByLabel("I have saved my recovery codes").check();
  await page.getByRole("button", { name: "Continue to Paydesk" }).click();
  await expect(page).toHaveURL(`${BASE}/`);

  // Back in with the passkey alone: it proves the device, not that the person is at it.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByTestId("signed-in-user")).toContainText(USERS.support);

  await page.goto("/account/two-factor");
  await expect(page.getByTestId("two-factor-secret")).toHaveCount(0);
  const start = page.getByRole("button", { name: "Set up an authenticator app" });
  await start.click();
  const dialog = page.getByRole("dialog", { name: "Confirm your password" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Confirm it's you with your password");
  const field = dialog.getByLabel("Your password");
  await expect(field).toBeFocused();
  await expectNoAxeViolations(page, '[role="dialog"]');

  // An invisible control character is refused on the field before anything is sent.
  await field.fill("pass\u0000word");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(field).toHaveAccessibleDescription(/Remove the invisible control character/);

  // A wrong password: said under the field, which keeps what was typed and the focus.
  await field.fill("not the password at all");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByText("That is not your password.")).toBeVisible();
  await expect(field).toHaveValue("not the password at all");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription("That is not your password.");
  await expect(field).toBeFocused();

  // The right one: the dialog closes and the setup goes on (the passkey that signed in is this
  // session's second factor, minutes ago), showing the app's key.
  await field.fill(password);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toHaveCount(0);
  const shownKey = page.getByTestId("two-factor-secret");
  await expect(shownKey).toBeVisible();
  const secret = ((await shownKey.textContent()) ?? "").replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  rememberSecret("a TOTP secret", secret);
  await expectNoAxeViolations(page);
  await page
    .getByLabel("Enter the 6-digit code the app shows")
    .fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const codes = page.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  for (const code of await codes.allTextContents()) rememberSecret("a recovery code", code.trim());
  await page.getByLabel("I have saved my recovery codes").check();
  await page.getByRole("button", { name: "Continue to Paydesk" }).click();
  await page.goto("/account/two-factor");
  await expect(page.getByTestId("two-factor-status")).toContainText("10 of 10 recovery codes unused");

  // Signed in with the passkey alone again, removing it: the password dialog opens over the
  // confirmation, and once the password is confirmed the removal goes on.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByTestId("signed-in-user")).toContainText(USERS.support);
  await page.goto("/account/passkeys");
  await page.getByRole("button", { name: "Remove passkey Support laptop" }).click();
  await page.getByRole("button", { name: "Remove passkey", exact: true }).click();
  const over = page.getByRole("dialog", { name: "Confirm your password" });
  await expect(over).toBeVisible();
  await expect(over.getByLabel("Your password")).toBeFocused();
  await over.getByLabel("Your password").fill(password);
  await over.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Passkey “Support laptop” removed.")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("passkey-Support laptop")).toHaveCount(0);
});
