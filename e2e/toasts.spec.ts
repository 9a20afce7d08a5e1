import { expect, test, type Page } from "@playwright/test";
import { signInAs } from "./fixtures";
import { animationsFinished } from "./support/animations";
import { createUsdtInvoice } from "./support/sandbox-invoices";

// Issue 25: toasts never cover the header's Notifications and Sign out, and stay on the page they
// were shown on. Issue 37: on a wide screen at the bottom right, clear of forms; on a phone at the
// top, under the header, clear of the submit button and its errors; an error is an alert, never green.

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

  test(`at ${viewport.width} px a toast shows ${phone ? "at the top" : "at the bottom"}, clear of the header, and stays on its page`, async ({
    context,
    page,
  }) => {
    await page.setViewportSize(viewport);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInAs(page, "support");
    const { orderId } = await createUsdtInvoice(page);
    // A new invoice is said beside its status, not in a toast over the card that shares it, and
    // only once: a reload does not say it again.
    await expect(page.getByTestId("just-created")).toHaveText(/Created\. Share its payment link/);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { name: orderId })).toBeVisible();
    await expect(page.getByTestId("just-created")).toHaveCount(0);

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
    if (phone) expect(toast.y + toast.height).toBeLessThan(viewport.height / 2);
    else expect(toast.y).toBeGreaterThan(viewport.height / 2);
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

test("an error toast is an alert in red with its icon, never green, at both widths", async ({
  context,
  page,
}, testInfo) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAs(page, "support");
  await page.goto("/invoices");
  // The clipboard refuses, as it can without permission: that is an error, said as one.
  await page.evaluate(() => {
    Object.defineProperty(navigator.clipboard, "writeText", {
      value: () => Promise.reject(new Error("refused")),
    });
  });
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page
      .getByRole("button", { name: /^Copy payment link for / })
      .first()
      .click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Could not copy." });
    await expect(toast).toHaveAttribute("data-type", "error");
    await expect(toast.getByRole("alert")).toContainText("Could not copy.");
    await expect(toast.locator("[data-icon] svg")).toBeVisible();
    await toast.hover();
    await animationsFinished(page);
    const [red, green, blue] = await toast.evaluate((element) =>
      (getComputedStyle(element).backgroundColor.match(/\d+/g) ?? []).map(Number),
    );
    expect(red, "an error's background leans red, not green").toBeGreaterThan(green ?? 0);
    expect(red).toBeGreaterThan(blue ?? 0);
    await page.screenshot({ path: testInfo.outputPath(`error-toast-${viewport.width}.png`) });
    await toast.getByRole("button", { name: /close/i }).click();
    await expect(toast).toHaveCount(0);
  }
});
