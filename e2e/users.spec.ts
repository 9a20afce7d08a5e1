import { expect, test } from "@playwright/test";
import { createUserAsAdmin, DEMO, signIn, uniqueEmail } from "./fixtures";

test("an admin creates a user who can then sign in", async ({ page, browser }) => {
  const user = {
    email: uniqueEmail("new-support"),
    name: "New Support",
    role: "support",
    password: "a-fresh-password-42",
  };
  await signIn(page, DEMO.admin);
  await createUserAsAdmin(page, user);

  const context = await browser.newContext();
  const theirPage = await context.newPage();
  await signIn(theirPage, user.email, user.password);
  await expect(theirPage.getByTestId("signed-in-user")).toContainText("Support");
  await context.close();
});

test("the create form shows each field's problem next to it", async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto("/admin/users/new");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByText("Enter a name.")).toBeVisible();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();
  // Nobody sets a password for someone else: the form has no such field.
  await expect(page.getByLabel(/password/i)).toHaveCount(0);
});

test("an existing email is refused on the email field, and nothing typed is lost", async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto("/admin/users/new");
  await page.getByLabel("Name").fill("Copy Cat");
  await page.getByLabel("Email").fill(DEMO.viewer);
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByText("A user with this email already exists.")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Copy Cat");
});

test("a disabled user cannot sign in, and one already signed in is signed out on the next request", async ({
  page,
  browser,
}) => {
  const user = {
    email: uniqueEmail("to-disable"),
    name: "Soon Gone",
    role: "viewer",
    password: "a-fresh-password-42",
  };
  await signIn(page, DEMO.admin);
  await createUserAsAdmin(page, user);

  const context = await browser.newContext();
  const theirPage = await context.newPage();
  await signIn(theirPage, user.email, user.password);

  const row = page.getByTestId(`user-row-${user.email}`);
  await row.getByRole("button", { name: "Disable", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Disable" }).click();
  await expect(row.getByText("Disabled")).toBeVisible();

  await theirPage.reload();
  await expect(theirPage).toHaveURL(/\/login\?reason=disabled/);
  await expect(theirPage.getByRole("status").filter({ hasText: "has been disabled" })).toBeVisible();

  await theirPage.getByLabel("Email").fill(user.email);
  await theirPage.getByLabel("Password").fill(user.password);
  await theirPage.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(theirPage.getByRole("alert").filter({ hasText: "This account is disabled" })).toBeVisible();
  await context.close();
});

test("an admin changes a user's role: their sessions end, and they sign in again under the new role", async ({
  page,
  browser,
}) => {
  const user = {
    email: uniqueEmail("moved"),
    name: "Soon Support",
    role: "viewer",
    password: "a-fresh-password-42",
  };
  await signIn(page, DEMO.admin);
  await createUserAsAdmin(page, user);

  const context = await browser.newContext();
  const theirPage = await context.newPage();
  await signIn(theirPage, user.email, user.password);
  expect((await theirPage.goto("/invoices/new"))?.status()).toBe(403);

  // Support is no role that decides who may pay, so it applies at once (finance and admin wait
  // for a second admin: see dual-control.spec.ts).
  await page.getByLabel(`Role of ${user.email}`).selectOption("support");
  await expect(page.getByText(`${user.email} is now Support.`)).toBeVisible();
  await theirPage.goto("/invoices/new");
  await expect(theirPage).toHaveURL(/\/login/);
  await signIn(theirPage, user.email, user.password);
  expect((await theirPage.goto("/invoices/new"))?.status()).toBe(200);
  await context.close();
});
