import { expect, test, type Page } from "@playwright/test";
import { DEMO, signInAs } from "./fixtures";
import { createUsdtInvoice } from "./support/sandbox-invoices";

// Issue 25: on a 390 × 844 phone the header is one slim row with a menu, so every page's content
// starts within the first 200 px; at 1280 the header is one row for every role.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const ROLES = ["support", "finance", "admin", "viewer"] as const;
type Role = (typeof ROLES)[number];

const TRON_ADDRESS = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const ACCOUNT_PAGES = [
  "/account/sessions",
  "/account/password",
  "/account/two-factor",
  "/account/passkeys",
  "/account/display",
];
/** Pages a role opens that the navigation does not list: the forms that create things. */
const FORMS: Record<Role, string[]> = {
  support: ["/invoices/new", "/withdrawals/new"],
  finance: ["/withdrawals/new"],
  admin: ["/invoices/new", "/admin/users/new"],
  viewer: [],
};

/** An invoice and a withdrawal request, made by support once: their pages are opened by everyone. */
let details: Promise<string[]> | undefined;

async function createDetails(page: Page): Promise<string[]> {
  await signInAs(page, "support");
  const invoice = await createUsdtInvoice(page);
  await page.goto("/withdrawals/new");
  await page.getByLabel(/^Amount in /).fill("2.5");
  await page.getByLabel("Destination address").fill(TRON_ADDRESS);
  await page.getByLabel("Reason").fill("Phone layout check");
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(page).toHaveURL(/\/withdrawals\/[0-9a-f-]{36}$/);
  return [new URL(invoice.url).pathname, new URL(page.url()).pathname];
}

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  details ??= createDetails(await context.newPage());
  await details;
  await context.close();
});

async function testDetails(): Promise<string[]> {
  if (!details) throw new Error("beforeAll did not create the invoice and the withdrawal");
  return details;
}

/** The links of the navigation, as the menu sheet lists them for the signed-in person. */
async function navigationLinks(page: Page): Promise<string[]> {
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  const sheet = page.getByRole("dialog", { name: "Menu" });
  const links = sheet.getByRole("navigation", { name: "Main" }).getByRole("link");
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((all) => all.map((link) => link.getAttribute("href") ?? ""));
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  return hrefs;
}

test.describe("at 390 × 844", () => {
  test.use({ viewport: PHONE });

  for (const role of ROLES) {
    test(`${role}: on every page they can open, the content starts within the first 200 px`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signInAs(page, role);
      await page.goto("/");
      const paths = [
        ...(await navigationLinks(page)),
        ...ACCOUNT_PAGES,
        ...FORMS[role],
        ...(await testDetails()),
      ];
      expect(paths.length).toBeGreaterThan(ACCOUNT_PAGES.length + 2);
      const late: string[] = [];
      for (const path of paths) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const top = (await page.getByRole("main").boundingBox())?.y ?? Infinity;
        if (top > 200) late.push(`${path}: main starts at ${Math.round(top)} px`);
      }
      expect(late).toEqual([]);
    });
  }

  test("the menu button opens the navigation in a sheet: a link in it navigates, Escape closes it", async ({
    page,
  }) => {
    await signInAs(page, "finance");
    await page.goto("/");
    // While the sheet is open, everything outside it is hidden from assistive technology.
    const button = page.getByRole("button", { name: "Menu", exact: true, includeHidden: true });
    const sheet = page.getByRole("dialog", { name: "Menu" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    // The navigation is in the sheet, not spread over the first screen.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

    await button.click();
    await expect(sheet).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    // Who is signed in, and the way to their account and out.
    await expect(sheet).toContainText("Fran Finance");
    await expect(sheet).toContainText(`${DEMO.finance} · Finance`);
    await expect(sheet.getByRole("link", { name: "Account" })).toBeVisible();
    await expect(sheet.getByRole("button", { name: "Sign out" })).toBeVisible();
    // Focus stays in the sheet while it is open.
    for (let step = 0; step < 15; step++) {
      await page.keyboard.press("Tab");
      expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }

    await sheet
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Withdrawals", exact: true })
      .click();
    await expect(page).toHaveURL(/\/withdrawals$/);
    await expect(sheet).toBeHidden();

    await button.click();
    await expect(sheet).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
  });

  test("the sandbox and demo banner is one line, with the longer text a click away", async ({ page }) => {
    await signInAs(page, "viewer");
    await page.goto("/");
    const banner = page.getByTestId("environment-banner");
    const summary = banner.locator("summary");
    await expect(summary).toContainText("No real money moves");
    await expect(summary).toContainText("Demo");
    expect((await summary.boundingBox())?.height).toBeLessThanOrEqual(32);
    const more = banner.getByText(/passwords are published/);
    await expect(more).toBeHidden();
    await summary.click();
    await expect(more).toBeVisible();
  });

  test("the invoice list folds its filters behind a button, with the active ones as removable chips", async ({
    page,
  }) => {
    await signInAs(page, "support");
    await page.goto("/invoices?mine=1&status=open");
    const filters = page.getByRole("button", { name: "Filters, 2 active" });
    const form = page.getByRole("search", { name: "Filter invoices" });
    await expect(filters).toHaveAttribute("aria-expanded", "false");
    await expect(form).toBeHidden();
    // The list, not the form, fills the first screen.
    const table = page.getByRole("table");
    expect((await table.boundingBox())?.y).toBeLessThan(PHONE.height / 2);

    await filters.click();
    await expect(form).toBeVisible();
    await expect(form.getByLabel("Created by me")).toBeChecked();

    await page.getByRole("link", { name: "Remove filter Created by me" }).click();
    await expect(page).toHaveURL(/\/invoices\?status=open$/);
    await expect(page.getByRole("button", { name: "Filters, 1 active" })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Remove filter Status/ })).toBeVisible();
  });
});

test.describe("at 1280 × 800", () => {
  test.use({ viewport: DESKTOP });

  for (const role of ROLES) {
    test(`${role}: the header is one row`, async ({ page }) => {
      await signInAs(page, role);
      await page.goto("/");
      const row = page.getByTestId("header-row");
      const measured = await row.evaluate((element) => {
        const parts = [
          ...element.querySelectorAll<HTMLElement>("a, button, [data-testid='signed-in-user']"),
        ].filter((part) => part.checkVisibility() && part.getBoundingClientRect().width > 1);
        const boxes = parts.map((part) => part.getBoundingClientRect());
        const user = element.querySelector<HTMLElement>("[data-testid='signed-in-user']");
        return {
          parts: parts.length,
          rowHeight: element.getBoundingClientRect().height,
          tallest: Math.max(...boxes.map((box) => box.height)),
          // On one line, every part's top lies above every other part's bottom.
          lowestTop: Math.max(...boxes.map((box) => box.top)),
          highestBottom: Math.min(...boxes.map((box) => box.bottom)),
          userLines: user
            ? [...user.children].map((line) => ({
                height: line.getBoundingClientRect().height,
                lineHeight: parseFloat(getComputedStyle(line).lineHeight),
              }))
            : [],
        };
      });
      expect(measured.parts).toBeGreaterThan(5);
      expect(measured.lowestTop).toBeLessThan(measured.highestBottom);
      expect(measured.rowHeight).toBeLessThanOrEqual(measured.tallest + 24);
      // Name, email and role each keep to their one line.
      expect(measured.userLines.length).toBeGreaterThan(0);
      for (const line of measured.userLines) expect(line.height).toBeLessThanOrEqual(line.lineHeight + 1);
    });
  }

  test("the admin pages sit under Admin in the navigation", async ({ page }) => {
    await signInAs(page, "admin");
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const admin = nav.getByRole("button", { name: /^Admin/ });
    await expect(admin).toHaveAttribute("aria-expanded", "false");
    await admin.click();
    await expect(admin).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link")).toHaveText([
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
    ]);
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "System" })).toBeHidden();
    await expect(admin).toBeFocused();

    await admin.click();
    await nav.getByRole("link", { name: "System" }).click();
    await expect(page.getByRole("heading", { name: "System", level: 1 })).toBeVisible();
    await expect(nav.getByRole("link", { name: "System" })).toBeHidden();
  });
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`at ${viewport.width} px the first Tab reaches "Skip to content", which moves focus to the content`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInAs(page, "support");
    await page.goto("/invoices");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#content")).toBeFocused();
    // The next stop is in the content, past the header.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.querySelector("main")?.contains(document.activeElement))).toBe(
      true,
    );
  });
}

test("the Notifications button says how many are unread, once", async ({ page }) => {
  // Support's request (made before all tests) waits in finance's notifications, unread.
  await signInAs(page, "finance");
  await page.goto("/");
  const button = page.getByTestId("notifications-button");
  await expect(button).toHaveAccessibleName(/^Notifications, [1-9]\d* unread$/);
  const badge = await button.getByTestId("notifications-unread").textContent();
  await expect(button).toHaveAccessibleName(`Notifications, ${badge} unread`);
});
