import { mkdirSync } from "node:fs";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { DEMO, type DemoRole, inviteAsAdmin, newPageAs, notificationMatching, uniqueEmail } from "./fixtures";
import { createUsdtInvoice, payInvoice } from "./support/sandbox-invoices";
import { requestWithdrawal as requestWithdrawalThroughForm } from "./support/withdrawal-form";

// Issue 25: each role's home leads with that person's own work, at a desk and on a phone.

/** Where the screenshots go, to be looked at: E2E_SHOTS_DIR, else beside the test results. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? "test-results/shots/homes";
const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** A demo user's page at `viewport`, opened on their home, where signing in lands. */
async function newPage(browser: Browser, viewport: { width: number; height: number }, role: DemoRole) {
  const page = await newPageAs(browser, role, { viewport });
  await page.goto("/");
  return page;
}

/** The first section heading of the page's content: what the person is shown first. */
const firstSection = (page: Page) => page.getByRole("main").getByRole("heading", { level: 2 }).first();

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** On a phone the navigation may sit behind a menu button: open it when there is one. */
async function showNavigation(page: Page) {
  const menu = page.getByRole("button", { name: /^(open )?menu$/i });
  if (await menu.isVisible()) await menu.click();
  const nav = page.getByRole("navigation", { name: "Main" });
  // On a wide screen an admin's pages (Pending changes among them) sit under Admin.
  const admin = nav.getByRole("button", { name: /^Admin/ });
  if ((await admin.isVisible()) && (await admin.getAttribute("aria-expanded")) === "false")
    await admin.click();
  return nav;
}

/** A request for 4.5 USDT through the form; its order id. */
async function requestWithdrawal(page: Page, reason: string): Promise<string> {
  return (await requestWithdrawalThroughForm(page, reason, "4.5")).orderId;
}

for (const size of SIZES) {
  const at = `${size.width}x${size.height}`;

  test.describe(`at ${size.width}×${size.height}`, () => {
    test("finance is shown first the requests waiting for their approval, never their own", async ({
      browser,
    }) => {
      test.setTimeout(60_000);
      const support = await newPage(browser, size, "support");
      const theirs = await requestWithdrawal(support, `Refund for role homes ${at}`);
      const finance = await newPage(browser, size, "finance");
      const mine = await requestWithdrawal(finance, `Own request, role homes ${at}`);

      await finance.goto("/");
      await expect(firstSection(finance)).toHaveText(/^Waiting for your approval/);
      // What the merchant holds per coin, from the books (books:view: finance and admins).
      await expect(finance.getByTestId("coin-balances")).toContainText("Balance");
      const waiting = finance.getByTestId("approvals-waiting");
      const row = waiting.getByTestId(`approval-waiting-${theirs}`);
      // Home lists the ten oldest; other specs of a full run may have left more waiting.
      const othersFirst = /Waiting for your approval \((1[1-9]|[2-9]\d|\d{3,})\)/;
      if ((await waiting.getByRole("heading").textContent())?.match(othersFirst)) {
        await expect(waiting.getByTestId(`approval-waiting-${mine}`)).toHaveCount(0);
        await finance.goto("/withdrawals/approvals");
        await expect(finance.getByTestId(`approval-row-${theirs}`)).toBeVisible();
        // Their own request is listed for them to follow, never to decide.
        const own = finance.getByTestId(`approval-row-${mine}`);
        await expect(own).toContainText("Your request: someone else approves it");
        await expect(own.getByRole("button", { name: /approve/i })).toHaveCount(0);
        await Promise.all([support.context().close(), finance.context().close()]);
        return;
      }
      await expect(row).toContainText(`requested by ${DEMO.support}`);
      await expect(row).toContainText(`Refund for role homes ${at}`);
      await expect(row).toContainText("4.50 USDT");
      await expect(waiting.getByTestId(`approval-waiting-${mine}`)).toHaveCount(0);
      // Then the payouts that need finance; invoice exceptions are support's, a line at most.
      await expect(finance.getByTestId("payouts-worklist")).toBeVisible();
      await expect(finance.getByTestId("worklist")).toHaveCount(0);
      await expect(finance.getByTestId("exceptions-count")).toBeVisible();
      await row.getByRole("link", { name: `Review ${theirs}` }).click();
      await expect(finance.getByRole("heading", { level: 1 })).toHaveText(theirs);
      await finance.goto("/");
      await expectNoAxeViolations(finance);
      await shoot(finance, `finance-home-${at}`);
      await Promise.all([support.context().close(), finance.context().close()]);
    });

    test("an admin is shown first the change another admin proposed, counted in the navigation and notified", async ({
      browser,
    }) => {
      test.setTimeout(60_000);
      const email = uniqueEmail(`homes-grant-${size.width}`);
      const proposer = await newPage(browser, size, "admin2");
      await inviteAsAdmin(proposer, { email, name: "Hana Homes", role: "support" });
      await proposer.getByRole("link", { name: `Edit ${email}` }).click();
      await proposer.getByLabel("New role").selectOption("finance");
      await proposer.getByLabel("Reason (required)").fill("Covers payouts while Fran is away");
      await proposer.getByRole("button", { name: "Review the change" }).click();
      await proposer.getByRole("dialog").getByRole("button", { name: "Propose the change" }).click();
      await expect(proposer.getByText(`Making ${email} Finance was proposed.`)).toBeVisible();

      const admin = await newPage(browser, size, "admin");
      await expect(firstSection(admin)).toHaveText(/^Pending changes waiting for you/);
      const waiting = admin.getByTestId("changes-waiting");
      const row = waiting.getByRole("listitem").filter({ hasText: `Make ${email} Finance` });
      await expect(row).toContainText("Reason: Covers payouts while Fran is away");
      await expect(row).toContainText(`Proposed by ${DEMO.admin2}`);
      await expect(admin.getByTestId("system-glance")).toContainText(/background loops/);
      await expect(admin.getByTestId("system-queue-depths")).toContainText("Webhook events to process");
      await expect(admin.getByTestId("coin-balances")).toBeVisible();
      await expectNoAxeViolations(admin);
      await shoot(admin, `admin-home-${at}`);

      const count = (await showNavigation(admin)).getByTestId("nav-count-changes");
      await expect(count).toBeVisible();
      await expect(count).toContainText(/[1-9]\d*\+? changes waiting for your approval/);
      await admin.goto("/");
      await notificationMatching(admin, new RegExp(`${DEMO.admin2} proposed: Make ${email} Finance`));
      await admin.keyboard.press("Escape");

      // Decided from the home page: it leaves the list.
      await row.getByRole("button", { name: "Reject" }).click();
      await admin.getByRole("dialog").getByRole("button", { name: "Reject" }).click();
      await expect(admin.getByText("Rejected: nothing was changed.")).toBeVisible();
      await expect(row).toHaveCount(0);
      await Promise.all([proposer.context().close(), admin.context().close()]);
    });

    test("support is shown first the exceptions to resolve, then their invoices of today", async ({
      browser,
      request,
    }) => {
      test.setTimeout(60_000);
      const support = await newPage(browser, size, "support");
      const invoice = await createUsdtInvoice(support);
      await payInvoice(request, invoice.serviceId, "4");
      await expect(support.getByTestId("invoice-status")).toHaveText("Underpaid", { timeout: 20_000 });

      await support.goto("/");
      await expect(firstSection(support)).toHaveText("Exceptions to resolve");
      await expect(support.getByTestId(`worklist-${invoice.orderId}`)).toContainText("USDT");
      const today = support.getByTestId("todays-invoices");
      await expect(today).toContainText(/Created by you since midnight, .+ time\./);
      await expect(today.getByTestId(`today-${invoice.orderId}`)).toContainText("10.00 USD");
      await expect(support.getByTestId("approvals-waiting")).toHaveCount(0);
      await expect(support.getByTestId("changes-waiting")).toHaveCount(0);
      await expect(support.getByTestId("coin-balances")).toHaveCount(0);
      // The 4 USDT just paid is in the books, on the chart of what was received.
      const receipts = support.getByTestId("receipts-per-day").getByRole("figure");
      await expect(receipts.filter({ hasText: /^USDT on / }).first()).toBeVisible();
      await expectNoAxeViolations(support);
      await shoot(support, `support-home-${at}`);
      await support.context().close();
    });

    test("a viewer is shown a simple overview", async ({ browser }) => {
      const viewer = await newPage(browser, size, "viewer");
      await expect(firstSection(viewer)).toHaveText(/^Created today/);
      await expect(viewer.getByRole("region", { name: /^Received per day/ })).toBeVisible();
      await expect(viewer.getByTestId("exceptions-count")).toBeVisible();
      for (const mine of [
        "worklist",
        "approvals-waiting",
        "changes-waiting",
        "todays-invoices",
        "system-glance",
        "coin-balances",
      ]) {
        await expect(viewer.getByTestId(mine)).toHaveCount(0);
      }
      await expectNoAxeViolations(viewer);
      await shoot(viewer, `viewer-home-${at}`);
      await viewer.context().close();
    });
  });
}
