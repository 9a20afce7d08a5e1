import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./fixtures";

const NAV_BY_ROLE: Record<keyof typeof DEMO, string[]> = {
  admin: [
    "Home",
    "Invoices",
    "Withdrawals",
    "Statement",
    "Webhooks",
    "Audit log",
    "Users",
    "Service connection",
    "Settings",
    "Pending changes",
    "System",
    "Outgoing mail",
  ],
  admin2: [
    "Home",
    "Invoices",
    "Withdrawals",
    "Statement",
    "Webhooks",
    "Audit log",
    "Users",
    "Service connection",
    "Settings",
    "Pending changes",
    "System",
    "Outgoing mail",
  ],
  support: ["Home", "Invoices", "Withdrawals"],
  finance: ["Home", "Invoices", "Withdrawals", "Approvals", "Statement", "Webhooks", "Audit log"],
  finance2: ["Home", "Invoices", "Withdrawals", "Approvals", "Statement", "Webhooks", "Audit log"],
  viewer: ["Home", "Invoices", "Withdrawals"],
};

for (const [role, email] of Object.entries(DEMO) as [keyof typeof DEMO, string][]) {
  test(`${role} signs in and sees only their navigation`, async ({ page }) => {
    await signIn(page, email);
    const nav = page.getByRole("navigation", { name: "Main" });
    // An admin's own pages sit under "Admin", which opens on a click.
    if (role === "admin" || role === "admin2") await nav.getByRole("button", { name: /^Admin/ }).click();
    await expect(nav.getByRole("link")).toHaveText(NAV_BY_ROLE[role]);
  });
}

test("a wrong password shows an error and does not sign in", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(DEMO.viewer);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password." })).toBeVisible();
  await page.goto("/");
  await expect(page).toHaveURL(/\/login/);
});

test("the form says what is missing before anything is sent", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByText("Enter an email address.")).toBeVisible();
  await expect(page.getByText("Enter your password.")).toBeVisible();
});

test("a support user opening an admin page directly gets the 403 page", async ({ page }) => {
  await signIn(page, DEMO.support);
  const response = await page.goto("/admin/users");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "You don't have access to this page" })).toBeVisible();
});

test("an unknown address shows the 404 page", async ({ page }) => {
  await signIn(page, DEMO.viewer);
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
