import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "./fixtures";
import { animationsFinished } from "./support/animations";
import { createUsdtInvoice } from "./support/sandbox-invoices";

// Issue 25: toasts sit at the bottom, never over the header's Notifications and Sign out, and stay
// on the page they were shown on.

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/**
 * Follows the navigation's Home link by keyboard, so the mouse stays on the toast and holds it:
 * if it is gone on the next page, it was dismissed, not timed out.
 */
async function goHome(page: Page, phone: boolean) {
  if (phone) {
    await page.getByRole("button", { name: "Menu", exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Home" }).focus();
  } else {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).focus();
  }
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/$/);
}

for (const viewport of VIEWPORTS) {
  const phone = viewport.width < 600;

  test(`at ${viewport.width} px a toast shows at the bottom, clear of the header, and stays on its page`, async ({
    context,
    page,
  }) => {
    await page.setViewportSize(viewport);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInAs(page, "support");
    const { orderId } = await createUsdtInvoice(page);
    // Raised together with the move to the new invoice's page, it came along.
    const created = page.locator("[data-sonner-toast]").filter({ hasText: "Invoice created" });
    await expect(created).toBeVisible();

    await page.goto(`/invoices?q=${orderId}`);
    await page.getByRole("button", { name: `Copy payment link for ${orderId}` }).click();
    const copied = page.locator("[data-sonner-toast]").filter({ hasText: "Payment link copied." });
    await expect(copied).toBeVisible();
    await copied.hover(); // holds it while it is measured
    await animationsFinished(page); // where it comes to rest, not on its way in

    const toast = await copied.boundingBox();
    const header = await page.getByRole("banner").boundingBox();
    if (!toast || !header) throw new Error("the toast or the header has no box");
    expect(toast.y).toBeGreaterThan(header.y + header.height);
    expect(toast.y + toast.height).toBeLessThanOrEqual(viewport.height);
    expect(toast.y).toBeGreaterThan(viewport.height / 2);
    const leftGap = toast.x;
    const rightGap = viewport.width - (toast.x + toast.width);
    if (phone) expect(Math.abs(leftGap - rightGap)).toBeLessThanOrEqual(2);
    else expect(rightGap).toBeLessThan(leftGap);

    await expect(copied).toBeVisible();
    await goHome(page, phone);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(copied).toHaveCount(0);
  });
}
