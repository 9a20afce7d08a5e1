import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { DEMO, signIn } from "../fixtures";
import { createUsdtInvoice } from "../support/sandbox-invoices";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/screenshots";
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
const ROLES = ["support", "finance", "admin", "viewer"] as const;
const ACCOUNT = [
  "/account/sessions",
  "/account/password",
  "/account/two-factor",
  "/account/passkeys",
  "/account/display",
  "/account/email",
];
const FORMS: Record<(typeof ROLES)[number], string[]> = {
  support: ["/invoices/new", "/withdrawals/new"],
  finance: ["/withdrawals/new", "/withdrawals/approvals"],
  admin: [
    "/invoices/new",
    "/admin/users",
    "/admin/users/new",
    "/admin/service",
    "/admin/settings",
    "/admin/changes",
    "/admin/system",
  ],
  viewer: [],
};
const LISTS = ["/", "/invoices", "/withdrawals", "/webhooks", "/audit"];

let details: string[] = [];

test.beforeAll(async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, DEMO.support);
  const invoice = await createUsdtInvoice(page);
  await page.goto("/withdrawals/new");
  await page.getByLabel(/^Amount in /).fill("2.5");
  await page.getByLabel("Destination address").fill("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
  await page.getByLabel("Reason").fill("Screenshots");
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(page).toHaveURL(/\/withdrawals\/[0-9a-f-]{36}$/);
  details = [new URL(invoice.url).pathname, new URL(page.url()).pathname];
});

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const role of ROLES) {
  for (const size of SIZES) {
    test(`${role} at ${size.width}`, async ({ browser }) => {
      mkdirSync(SHOTS, { recursive: true });
      const page = await (await browser.newContext({ viewport: size })).newPage();
      await signIn(page, DEMO[role]);
      for (const path of [...LISTS, ...FORMS[role], ...details, ...ACCOUNT]) {
        const response = await page.goto(path);
        // Pages a role may not open answer 403 or 404: shown too, as that role meets them.
        expect(response?.status() ?? 0).toBeLessThan(500);
        await page.waitForLoadState("networkidle");
        await shoot(page, `${role}-${size.width}-${path.replace(/[^a-z0-9]+/gi, "_") || "home"}`);
      }
    });
  }
}
