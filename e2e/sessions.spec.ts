import { expect, test } from "@playwright/test";
import { newPageAs, personOfTheirOwn, signIn, uniqueEmail } from "./fixtures";

// Each test signs in and out a user of its own, so the sessions of the demo users other tests share
// are never ended.
function freshUser(baseURL: string | undefined) {
  return personOfTheirOwn(baseURL ?? "", {
    email: uniqueEmail("session"),
    name: "Session Test",
    role: "support",
    password: "a-fresh-password-42",
  });
}

test("sign-out ends the session", async ({ page, baseURL }) => {
  const user = await freshUser(baseURL);
  await signIn(page, user.email, user.password);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login\?reason=signed-out/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
});

test("after sign-out, a copy of the old session cookie opens nothing; another device stays signed in", async ({
  page,
  browser,
  baseURL,
}) => {
  const user = await freshUser(baseURL);
  await signIn(page, user.email, user.password);
  const stolen = await page.context().cookies();

  const elsewhere = await browser.newContext();
  const otherDevice = await elsewhere.newPage();
  await signIn(otherDevice, user.email, user.password);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login\?reason=signed-out/);

  // Signing out ends this session only: the other device ends its own, or is ended from the list.
  await otherDevice.goto("/invoices");
  await expect(otherDevice.getByTestId("signed-in-user")).toContainText(user.email);

  const replay = await browser.newContext();
  await replay.addCookies(stolen);
  const attacker = await replay.newPage();
  await attacker.goto("/invoices");
  await expect(attacker).toHaveURL(/\/login/);
  const session = await attacker.request.get("/api/auth/session");
  expect(await session.json()).toEqual({});
  await Promise.all([elsewhere.close(), replay.close()]);
});

test("the list of sessions ends another session at once, and says which one is this", async ({
  browser,
  baseURL,
}) => {
  const user = await freshUser(baseURL);
  const laptop = await (await browser.newContext()).newPage();
  await signIn(laptop, user.email, user.password);
  const phone = await (await browser.newContext()).newPage();
  await signIn(phone, user.email, user.password);

  await laptop.goto("/account/sessions");
  const rows = laptop.locator('[data-testid^="session-"]');
  await expect(rows).toHaveCount(2);
  const current = rows.filter({ hasText: "This session" });
  await expect(current).toHaveCount(1);
  await rows.filter({ hasNotText: "This session" }).getByRole("button", { name: "Sign out" }).click();
  await laptop.getByRole("button", { name: "Sign it out" }).click();
  await expect(laptop.getByText("Signed out of that session.")).toBeVisible();
  await expect(rows.filter({ hasText: "Ended: ended from another session" })).toHaveCount(1);

  // The phone is signed out at its very next request.
  await phone.goto("/invoices");
  await expect(phone).toHaveURL(/\/login/);
  await laptop.goto("/invoices");
  await expect(laptop.getByTestId("signed-in-user")).toContainText(user.email);
});

test("an admin ends every session of a user from Users", async ({ browser, baseURL }) => {
  const user = await freshUser(baseURL);
  const theirs = await (await browser.newContext()).newPage();
  await signIn(theirs, user.email, user.password);
  const admin = await newPageAs(browser, "admin");
  await admin.goto("/admin/users");
  await admin.getByRole("link", { name: `Sessions of ${user.email}` }).click();
  await admin.getByRole("button", { name: "End all sessions" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "End all sessions" }).click();
  await expect(admin.getByText("1 session ended.")).toBeVisible();
  await theirs.goto("/invoices");
  await expect(theirs).toHaveURL(/\/login/);
});

test("issue 23 finding 4: another site cannot sign a person out", async ({ page, baseURL }) => {
  const user = await freshUser(baseURL);
  await signIn(page, user.email, user.password);
  // What a link or an image on another site makes the browser send.
  const answer = await page.request.get("/api/session/end", {
    headers: { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
    maxRedirects: 0,
  });
  expect(answer.headers()["set-cookie"] ?? "").not.toMatch(/session-token=;/);
  await page.goto("/invoices");
  await expect(page.getByTestId("signed-in-user")).toContainText(user.email);
});

test("changing one's password signs out every other session of theirs, and says how many", async ({
  browser,
  baseURL,
}) => {
  const user = await freshUser(baseURL);
  const laptop = await (await browser.newContext()).newPage();
  await signIn(laptop, user.email, user.password);
  const phone = await (await browser.newContext()).newPage();
  await signIn(phone, user.email, user.password);

  await laptop.goto("/account/password");
  await laptop.getByLabel("Current password").fill(user.password);
  await laptop.getByLabel("New password", { exact: true }).fill("quiet harbour lantern 58");
  await laptop.getByLabel("Type the new password again").fill("quiet harbour lantern 58");
  await laptop.getByRole("button", { name: "Change password" }).click();
  await expect(laptop.getByTestId("password-changed")).toHaveText(
    "Your password is changed. 1 other session was signed out.",
  );

  await phone.goto("/invoices");
  await expect(phone).toHaveURL(/\/login/);
  await laptop.goto("/invoices");
  await expect(laptop.getByTestId("signed-in-user")).toContainText(user.email);
  await phone.getByLabel("Email").fill(user.email);
  await phone.getByLabel("Password").fill(user.password);
  await phone.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(phone.getByRole("alert").filter({ hasText: "Wrong email or password." })).toBeVisible();
  await signIn(phone, user.email, "quiet harbour lantern 58");
});

test("a wrong current password changes nothing", async ({ page, baseURL }) => {
  const user = await freshUser(baseURL);
  await signIn(page, user.email, user.password);
  await page.goto("/account/password");
  await page.getByLabel("Current password").fill("not-my-password-at-all");
  await page.getByLabel("New password", { exact: true }).fill("quiet harbour lantern 58");
  await page.getByLabel("Type the new password again").fill("quiet harbour lantern 58");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("That is not your current password.")).toBeVisible();
});
