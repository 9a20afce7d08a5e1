import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "paydesk-demo";

export const DEMO = {
  admin: "admin@example.com",
  admin2: "admin2@example.com",
  support: "support@example.com",
  finance: "finance@example.com",
  finance2: "finance2@example.com",
  viewer: "viewer@example.com",
} as const;

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByTestId("signed-in-user")).toContainText(email);
}

/** An email no other test (or earlier run on the same database) has used. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function createUserAsAdmin(
  page: Page,
  user: { email: string; name: string; role: string; password: string },
) {
  await page.goto("/admin/users/new");
  await page.getByLabel("Name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Role").selectOption(user.role);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByTestId(`user-row-${user.email}`)).toBeVisible();
}

/**
 * Opens the notifications panel until it lists an entry matching `name` (the header polls every
 * 15 s; the page is not reloaded) and returns that entry's link, with the panel open.
 */
export async function notificationMatching(page: Page, name: RegExp) {
  const item = page.getByTestId("notifications").getByRole("link", { name });
  await expect(async () => {
    await page.getByTestId("notifications-button").click();
    try {
      await expect(item).toBeVisible({ timeout: 2_000 });
    } catch (error) {
      await page.keyboard.press("Escape");
      throw error;
    }
  }).toPass({ timeout: 40_000, intervals: [3_000] });
  return item;
}
