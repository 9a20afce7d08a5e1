import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { signInAs, uniqueEmail } from "./fixtures";

// Issue 37: lists for phones and for search. Invoice rows on a phone are compact cards (about 90
// px) with the amount, the state and the customer; support finds an invoice by the customer's
// email; their home lists at most their last 10 of the day; nothing adds blank scroll.

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** How far the page scrolls below the last thing drawn on it. */
async function blankScroll(page: Page): Promise<number> {
  return page.evaluate(() => {
    const drawn = [...document.body.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => element.checkVisibility() && element.getBoundingClientRect().height > 2)
      .filter((element) => getComputedStyle(element).position !== "fixed")
      .map((element) => element.getBoundingClientRect().bottom + window.scrollY);
    return document.documentElement.scrollHeight - Math.max(...drawn);
  });
}

test("compact phone rows, search by the customer's email, support's last 10 today, no blank scroll", async ({
  page,
}, testInfo) => {
  await signInAs(page, "support");
  const email = uniqueEmail("customer-search");
  await page.goto("/invoices/new");
  await page.getByLabel("Amount").fill("42.50");
  await page.getByLabel("Customer email (optional)").fill(email);
  const orderId = await page.getByLabel("Order id").inputValue();
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(page.getByRole("heading", { name: orderId })).toBeVisible();

  for (const viewport of [WIDE, PHONE]) {
    await page.setViewportSize(viewport);
    // The customer's email, typed as the customer spelt it, finds their invoice and only it.
    await page.goto(`/invoices?q=${encodeURIComponent(email.toUpperCase())}`);
    const rows = page.locator("table tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(orderId);
    await expect(rows.first()).toContainText("42.50");
    await expect(rows.first()).toContainText(email);
    await expect(rows.first()).toContainText("Open");

    await page.goto("/invoices");
    const first = rows.first();
    await expect(first).toBeVisible();
    if (viewport === PHONE) {
      const heights = await rows.evaluateAll((all) =>
        all.slice(0, 10).map((row) => Math.round(row.getBoundingClientRect().height)),
      );
      for (const height of heights)
        expect(height, `row heights ${heights.join(", ")}`).toBeLessThanOrEqual(100);
    }
    await page.screenshot({ path: testInfo.outputPath(`invoices-${viewport.width}.png`), fullPage: true });
    await expectNoAxeViolations(page);

    await page.goto("/");
    const today = page.getByTestId("todays-invoices");
    await expect(today.getByTestId(`today-${orderId}`)).toBeVisible();
    expect(await today.locator("li").count()).toBeLessThanOrEqual(10);
    expect(await blankScroll(page)).toBeLessThan(40);
    await page.screenshot({ path: testInfo.outputPath(`home-${viewport.width}.png`), fullPage: true });
  }
});

test("the users page on a phone has no Disable on each card; the person's page keeps it", async ({
  page,
}, testInfo) => {
  await signInAs(page, "admin");
  for (const viewport of [WIDE, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto("/admin/users");
    const disable = page.getByRole("button", { name: /^Disable / });
    if (viewport === PHONE) await expect(disable).toHaveCount(0);
    else await expect(disable.first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`users-${viewport.width}.png`), fullPage: true });
  }
  await page.getByRole("link", { name: /^Manage access of support@/ }).click();
  await expect(page.getByRole("button", { name: /^Disable support@/ })).toBeVisible();
});
