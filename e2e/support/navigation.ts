import type { Page } from "@playwright/test";

/**
 * Follows a link of the header's navigation (at a desktop width), opening the "Admin" group first
 * when the link sits in it: an admin's Users, Service connection, Settings, Pending changes, System.
 */
export async function followNavigation(page: Page, name: string) {
  const nav = page.getByRole("navigation", { name: "Main" });
  const link = nav.getByRole("link", { name, exact: true });
  if (!(await link.isVisible())) await nav.getByRole("button", { name: /^Admin/ }).click();
  await link.click();
}
