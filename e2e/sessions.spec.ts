import { expect, test, type Browser } from "@playwright/test";
import { createUserAsAdmin, DEMO, signIn, uniqueEmail } from "./fixtures";

// Each test signs out a user of its own: signing out ends every session of that user, so the
// demo users other tests share are never signed out.
async function freshUser(browser: Browser) {
  const user = {
    email: uniqueEmail("session"),
    name: "Session Test",
    role: "support",
    password: "a-fresh-password-42",
  };
  const admin = await browser.newContext();
  const page = await admin.newPage();
  await signIn(page, DEMO.admin);
  await createUserAsAdmin(page, user);
  await admin.close();
  return user;
}

test("sign-out ends the session", async ({ page, browser }) => {
  const user = await freshUser(browser);
  await signIn(page, user.email, user.password);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login\?reason=signed-out/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
});

test("after sign-out, a copy of the old session cookie opens nothing, in this browser or another", async ({
  page,
  browser,
}) => {
  const user = await freshUser(browser);
  await signIn(page, user.email, user.password);
  const stolen = await page.context().cookies();

  const elsewhere = await browser.newContext();
  const otherDevice = await elsewhere.newPage();
  await signIn(otherDevice, user.email, user.password);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login\?reason=signed-out/);

  // Signing out ends every session of the user: the other device is signed out too.
  await otherDevice.goto("/invoices");
  await expect(otherDevice).toHaveURL(/\/login/);

  const replay = await browser.newContext();
  await replay.addCookies(stolen);
  const attacker = await replay.newPage();
  await attacker.goto("/invoices");
  await expect(attacker).toHaveURL(/\/login/);
  const session = await attacker.request.get("/api/auth/session");
  expect(await session.json()).toEqual({});
  await Promise.all([elsewhere.close(), replay.close()]);
});
