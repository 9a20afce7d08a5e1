import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { signInAs, uniqueEmail } from "./fixtures";
import { requestWithdrawal } from "./support/withdrawal-form";

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

/** In the first rows, the texts drawn over one another (an id running under an amount, say). */
async function overlappingTexts(page: Page): Promise<string[]> {
  return page.locator("table tbody tr").evaluateAll((rows) =>
    rows.slice(0, 10).flatMap((row) => {
      // The innermost elements holding text: an inline-block can overflow its link's box.
      const leaves = [...row.querySelectorAll("td, td *")]
        .filter((element) => element.children.length === 0 && element.textContent?.trim())
        .filter((element) => element.checkVisibility())
        .map((element) => ({ text: element.textContent ?? "", box: element.getBoundingClientRect() }));
      const overlap = (a: DOMRect, b: DOMRect) =>
        a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
      return leaves.flatMap((a, i) =>
        leaves
          .slice(i + 1)
          .filter((b) => overlap(a.box, b.box))
          .map((b) => `${a.text} / ${b.text}`),
      );
    }),
  );
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
      expect(await overlappingTexts(page)).toEqual([]);
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

test("withdrawal rows on a phone are compact: order, amount and network, address and state, who asked and when", async ({
  page,
}, testInfo) => {
  await signInAs(page, "finance");
  const { orderId, id } = await requestWithdrawal(page, "Phone rows of the withdrawal list");
  for (const viewport of [WIDE, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto(`/withdrawals?q=${orderId}`);
    const row = page.locator("table tbody tr");
    await expect(row).toHaveCount(1);
    for (const text of [orderId, "2.50 USDT", "TRON", "Awaiting approval", "Fran Finance"])
      await expect(row).toContainText(text);
    if (viewport === PHONE) {
      await page.goto("/withdrawals");
      const heights = await page
        .locator("table tbody tr")
        .evaluateAll((all) =>
          all.slice(0, 10).map((each) => Math.round(each.getBoundingClientRect().height)),
        );
      for (const height of heights)
        expect(height, `row heights ${heights.join(", ")}`).toBeLessThanOrEqual(100);
      expect(await overlappingTexts(page)).toEqual([]);
    }
    await page.screenshot({ path: testInfo.outputPath(`withdrawals-${viewport.width}.png`), fullPage: true });
    await expectNoAxeViolations(page);
  }
  // The whole row opens the payout.
  await page.goto(`/withdrawals?q=${orderId}`);
  await page
    .locator("table tbody tr")
    .first()
    .click({ position: { x: 300, y: 60 } });
  await expect(page).toHaveURL(new RegExp(`/withdrawals/${id}$`));
  await page.getByRole("button", { name: "Cancel request" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel request" }).click();
  await expect(page.getByTestId("withdrawal-state")).toHaveText("Cancelled");
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
