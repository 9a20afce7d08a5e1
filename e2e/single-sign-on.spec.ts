import { expect, test, type Page } from "@playwright/test";
import { NON_DEMO, TEST_SSO } from "./support/non-demo-server";
import { serverLogs } from "./support/server-log";
import { setTestAccounts, spoilNext } from "./support/test-sso-provider";

/**
 * Issue 35: people sign in with the company's identity provider, a real one (oidc-provider, on
 * 127.0.0.1 beside the server outside demo mode), through its own login page. Only people an admin
 * made sign in; an ID token that fails a check, or a `state` that is not this browser's, signs in
 * nobody. sso-support@example.com was created from the command line and never chose a password.
 */

const PERSON = "sso-support@example.com";
const ANSWER_REFUSED = "Your company's sign-in answered with something Paydesk could not accept";

test.describe.configure({ mode: "serial" });

/** Clicks "Sign in with Test ID" on Paydesk and signs in on the provider's page as `login` (its sub). */
async function signInAtProvider(page: Page, login: string) {
  await page.goto(`${NON_DEMO.base}/login`);
  await page.getByRole("button", { name: `Sign in with ${TEST_SSO.name}` }).click();
  await page.waitForURL(`${TEST_SSO.issuer}/**`);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("anything: the test provider takes any");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

async function expectRefused(page: Page, words: string | RegExp) {
  await page.waitForURL(
    (url) => url.origin === NON_DEMO.base && url.pathname === "/login" && url.searchParams.has("error"),
  );
  await expect(page.getByRole("alert").filter({ hasText: words })).toBeVisible();
  // Nobody is signed in: a page behind sign-in sends back to the sign-in page.
  await page.goto(`${NON_DEMO.base}/invoices`);
  await expect(page).toHaveURL(/\/login/);
}

test("a person an admin made signs in with the company's provider, and signing out ends both sessions", async ({
  page,
}) => {
  await setTestAccounts({ "sso-support": { email: PERSON, email_verified: true, name: "Sol Support" } });
  await page.goto(`${NON_DEMO.base}/login`);
  // Beside the password form, not instead of it (single sign-on is not required on this server).
  await expect(page.getByLabel("Password")).toBeVisible();
  await signInAtProvider(page, "sso-support");
  await page.waitForURL((url) => url.origin === NON_DEMO.base && !url.pathname.startsWith("/login"));
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  // The provider's own sign-out page (its end_session_endpoint), then back to Paydesk.
  await page.waitForURL(`${TEST_SSO.issuer}/**`);
  await page.getByRole("button", { name: "Yes, sign me out" }).click();
  await page.waitForURL(`${NON_DEMO.base}/login?reason=signed-out`);
  await expect(page.getByText("You are signed out.")).toBeVisible();
  // The provider's session ended too: signing in again asks for the login.
  await page.getByRole("button", { name: `Sign in with ${TEST_SSO.name}` }).click();
  await expect(page.locator('input[name="login"]')).toBeVisible();
});

test("the account stays bound to the provider's subject: someone new with that email is refused", async ({
  page,
}) => {
  await setTestAccounts({ "new-hire": { email: PERSON, email_verified: true } });
  await signInAtProvider(page, "new-hire");
  await expectRefused(page, "This Paydesk account is linked to another account at your company's sign-in");
});

test("an unknown person, or an email the provider has not verified, is refused with what to do", async ({
  page,
}) => {
  await signInAtProvider(page, "stranger");
  await expectRefused(
    page,
    "There is no Paydesk account for your company account's email address. Ask an admin",
  );

  await setTestAccounts({ "not-verified": { email: "tf-support@example.com", email_verified: false } });
  await page.context().clearCookies();
  await signInAtProvider(page, "not-verified");
  await expectRefused(page, "email address is not verified");
});

test("what the sign-in pages and next-auth's public endpoints answer holds no client secret", async ({
  request,
}) => {
  for (const route of ["/login", "/login?error=OAuthCallback", "/api/auth/providers", "/api/auth/session"]) {
    const body = await (await request.get(`${NON_DEMO.base}${route}`)).text();
    expect(body, route).not.toContain(TEST_SSO.clientSecret);
  }
  const providers = (await (await request.get(`${NON_DEMO.base}/api/auth/providers`)).json()) as Record<
    string,
    { name: string; callbackUrl: string }
  >;
  expect(providers.oidc).toMatchObject({
    name: TEST_SSO.name,
    callbackUrl: `${NON_DEMO.base}/api/auth/callback/oidc`,
  });
});

test("hostile answers at the callback and the sign-in page get a 4xx or a refusal, never a 500", async ({
  page,
  request,
}) => {
  const junk = [
    `code=%00&state=${"x".repeat(10_000)}`,
    "error=access_denied&error_description=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "code=abc",
    "",
  ];
  for (const query of junk) {
    const answer = await request.get(`${NON_DEMO.base}/api/auth/callback/oidc?${query}`, { maxRedirects: 0 });
    expect(answer.status(), query.slice(0, 40)).toBeLessThan(500);
  }
  for (const error of ["%00", "%3Cscript%3E", "x".repeat(5_000), "sso_unknown_user%00"]) {
    const shown = await page.goto(`${NON_DEMO.base}/login?error=${error}`);
    expect(shown?.status(), error.slice(0, 20)).toBe(200);
    await expect(page.getByRole("button", { name: `Sign in with ${TEST_SSO.name}` })).toBeVisible();
  }
});

/** The server's log says why a sign-in was refused (openid-client's words), one line each. */
function refusalsLogged(): string[] {
  const log = serverLogs().find((each) => each.file === `${NON_DEMO.name}.stdout.log`)?.text ?? "";
  return log
    .split("\n")
    .filter((line) => line.includes("single sign-on refused"))
    .map((line) => String((JSON.parse(line) as { why?: string }).why));
}

const SPOILS = [
  { spoil: "audience", title: "an ID token for another application", why: /^aud mismatch/ },
  { spoil: "expired", title: "an expired ID token", why: /^JWT expired/ },
  { spoil: "replayed", title: "an ID token replayed from an earlier sign-in", why: /^nonce mismatch/ },
  { spoil: "state", title: "an answer whose state is not this browser's", why: /^state mismatch/ },
] as const;

for (const { spoil, title, why } of SPOILS) {
  test(`${title} signs in nobody`, async ({ page }) => {
    const before = refusalsLogged().length;
    await spoilNext(spoil);
    await signInAtProvider(page, "sso-support");
    await expectRefused(page, ANSWER_REFUSED);
    await expect.poll(() => refusalsLogged().slice(before)).toEqual([expect.stringMatching(why)]);
  });
}
