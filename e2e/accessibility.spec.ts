import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectFitsViewport, expectNoAxeViolations, runAxe } from "./axe";
import { followRequests } from "./support/network-quiet";
import { requestWithdrawal } from "./support/withdrawal-form";
import { DEMO, inviteAsAdmin, newPageAs, signInAs as signInAsDemoUser, uniqueEmail } from "./fixtures";

// Issue #8, part 4: every page and every dialog, at desktop and phone width, has zero axe
// violations (WCAG 2.2 AA + best practices) and never scrolls sideways.

type Role = keyof typeof DEMO | "anonymous";

const SANDBOX_AUTH = { Authorization: "Bearer sandbox-invoice-key" };
const NO_SUCH_ID = "00000000-0000-4000-8000-000000000000";

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** What the checks need to exist: made through the UI and the sandbox's HTTP API, once per worker. */
interface Data {
  invoiceId: string;
  /** An invoice that can still be paid: its page shares it (link, QR code). */
  openInvoiceId: string;
  paidPayUrl: string;
  openPayUrl: string;
  chosenPayUrl: string;
  paidOrderId: string;
  withdrawalId: string;
  withdrawalOrderId: string;
  /** An invoice paid 1 USDT of more: an unresolved exception. */
  underpaidId: string;
  /** A user whose finance role waits for a second admin (proposed by the second demo admin). */
  pendingGrantEmail: string;
  /** The invitation link of that user, never used: the page where one chooses a password. */
  joinUrl: string;
}

interface PageCheck {
  name: string;
  role: Role;
  path: (data: Data) => string;
  status?: number;
  /** Waits for what renders after load (client-side content, a webhook that arrives later). */
  ready?: (page: Page, data: Data) => Promise<void>;
}

const PAGES: PageCheck[] = [
  { name: "sign-in", role: "anonymous", path: () => "/login" },
  { name: "home", role: "admin", path: () => "/" },
  { name: "home (no invoice access)", role: "viewer", path: () => "/" },
  { name: "invoices", role: "support", path: () => "/invoices" },
  { name: "new invoice", role: "support", path: () => "/invoices/new" },
  {
    name: "invoice detail",
    role: "support",
    path: (data) => `/invoices/${data.openInvoiceId}`,
    ready: (page) => expect(page.getByAltText("QR code of the payment link")).toBeVisible(),
  },
  {
    name: "invoice detail (paid: payments first)",
    role: "support",
    path: (data) => `/invoices/${data.invoiceId}`,
    ready: (page) => expect(page.getByTestId("transactions").getByRole("row")).toHaveCount(2),
  },
  {
    name: "invoice detail (underpaid: exception and refunds)",
    role: "support",
    path: (data) => `/invoices/${data.underpaidId}`,
    ready: (page) => expect(page.getByRole("region", { name: "Exception" })).toBeVisible(),
  },
  { name: "home (resolved exceptions)", role: "support", path: () => "/?exceptions=resolved" },
  {
    name: "refund request",
    role: "support",
    path: (data) => `/withdrawals/new?refundOf=${data.underpaidId}`,
    ready: (page) => expect(page.getByTestId("refund-of")).toBeVisible(),
  },
  { name: "withdrawals", role: "finance", path: () => "/withdrawals" },
  { name: "new withdrawal", role: "support", path: () => "/withdrawals/new" },
  {
    name: "withdrawal detail (requester)",
    role: "support",
    path: (data) => `/withdrawals/${data.withdrawalId}`,
  },
  {
    name: "withdrawal detail (approver)",
    role: "finance",
    path: (data) => `/withdrawals/${data.withdrawalId}`,
  },
  { name: "approvals", role: "finance", path: () => "/withdrawals/approvals" },
  {
    name: "webhooks",
    role: "admin",
    path: () => "/webhooks",
    ready: async (page, data) => {
      // The payment's webhook arrives a moment after the payment.
      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId("webhook-event").filter({ hasText: data.paidOrderId })).toBeVisible({
          timeout: 1_000,
        });
      }).toPass({ timeout: 20_000 });
    },
  },
  { name: "audit log", role: "finance", path: () => "/audit" },
  { name: "statement", role: "finance", path: () => "/statement" },
  {
    name: "statement with its lines",
    role: "admin",
    path: () => {
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      return `/statement?from=${day(-1)}&to=${day(1)}&figure=all`;
    },
  },
  { name: "statement (a bad link)", role: "finance", path: () => "/statement?month=2026-13&currency=%3D1" },
  {
    name: "audit log (one withdrawal)",
    role: "admin",
    path: (data) => `/audit?objectType=withdrawal&objectId=${data.withdrawalId}`,
  },
  {
    name: "audit log (nothing matches)",
    role: "finance",
    path: () => "/audit?action=user.two_factor_reset&dateFrom=2001-01-01&dateTo=2001-01-02",
  },
  { name: "users", role: "admin", path: () => "/admin/users" },
  { name: "new user", role: "admin", path: () => "/admin/users/new" },
  { name: "service connection", role: "admin", path: () => "/admin/service" },
  { name: "settings", role: "admin", path: () => "/admin/settings" },
  { name: "pending changes", role: "admin", path: () => "/admin/changes" },
  { name: "system", role: "admin", path: () => "/admin/system" },
  { name: "two-factor setup", role: "viewer", path: () => "/account/two-factor" },
  { name: "password", role: "viewer", path: () => "/account/password" },
  { name: "choose a password (invitation)", role: "anonymous", path: (data) => data.joinUrl },
  {
    name: "choose a password (link no longer valid)",
    role: "anonymous",
    path: () => `/join/${"A".repeat(43)}`,
  },
  { name: "passkeys", role: "viewer", path: () => "/account/passkeys" },
  { name: "403", role: "viewer", path: () => "/admin/users", status: 403 },
  { name: "404 (unknown address)", role: "viewer", path: () => "/no-such-page", status: 404 },
  { name: "404 (unknown invoice)", role: "viewer", path: () => `/invoices/${NO_SUCH_ID}`, status: 404 },
  { name: "pay page (choose a method)", role: "anonymous", path: (data) => data.openPayUrl },
  { name: "pay page (test payment)", role: "anonymous", path: (data) => data.chosenPayUrl },
  { name: "pay page (paid)", role: "anonymous", path: (data) => data.paidPayUrl },
  {
    name: "pay page (unknown invoice)",
    role: "anonymous",
    path: () => `/sandbox/pay/${NO_SUCH_ID}`,
    status: 404,
  },
];

interface StateCheck {
  name: string;
  role: Role;
  path: (data: Data) => string;
  /** Opens the dialog, or brings the page into the state checked. */
  open: (page: Page, data: Data) => Promise<void>;
}

const openDialog = async (page: Page, trigger: ReturnType<Page["getByRole"]>) => {
  await trigger.click();
  await expect(page.getByRole("dialog")).toBeVisible();
};

/**
 * Opens a person's action from the users page: on a phone the cards link to the person's page
 * (Manage access), where the actions are.
 */
const openUserAction = async (page: Page, email: string, button: RegExp) => {
  const manage = page.getByRole("link", { name: `Manage access of ${email}` });
  if (await manage.isVisible()) {
    await manage.click();
    await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  }
  const row = page.getByTestId(`user-row-${email}`);
  const scope = (await row.count()) > 0 ? row : page;
  await openDialog(page, scope.getByRole("button", { name: button }).first());
};

/** Copies the first payment link on the list, and holds the toast that follows (the mouse on it). */
const showToast = async (page: Page, text: string) => {
  await page
    .getByRole("button", { name: /^Copy payment link for / })
    .first()
    .click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: text });
  await expect(toast).toBeVisible();
  await toast.hover();
};

const STATES: StateCheck[] = [
  {
    name: "notifications panel",
    role: "support",
    path: () => "/",
    open: (page) => openDialog(page, page.getByTestId("notifications-button")),
  },
  {
    name: "a success toast showing",
    role: "support",
    path: () => "/invoices",
    open: async (page) => {
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await showToast(page, "Payment link copied.");
    },
  },
  {
    name: "an error toast showing",
    role: "support",
    path: () => "/invoices",
    open: async (page) => {
      // The clipboard refuses, as it can without permission: the toast says how to copy by hand.
      await page.evaluate(() => {
        Object.defineProperty(navigator.clipboard, "writeText", {
          value: () => Promise.reject(new Error("refused")),
        });
      });
      await showToast(page, "Could not copy.");
    },
  },
  {
    name: "filters unfolded with active filters",
    role: "support",
    path: () => "/invoices?mine=1&status=open",
    open: async (page) => {
      const filters = page.getByRole("button", { name: /^Filters/ });
      if (await filters.isVisible()) await filters.click();
      await expect(page.getByRole("search", { name: "Filter invoices" })).toBeVisible();
    },
  },
  {
    name: "accept as paid dialog, note missing",
    role: "support",
    path: (data) => `/invoices/${data.underpaidId}`,
    open: async (page) => {
      await openDialog(page, page.getByRole("button", { name: "Accept as paid" }));
      await page.getByRole("dialog").getByRole("button", { name: "Accept as paid" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Say how this was settled" })).toBeVisible();
    },
  },
  {
    name: "approve dialog (queue)",
    role: "finance",
    path: () => "/withdrawals/approvals",
    open: (page, data) =>
      openDialog(
        page,
        page.getByTestId(`approval-row-${data.withdrawalOrderId}`).getByRole("button", { name: "Approve" }),
      ),
  },
  {
    name: "reject dialog (queue), reason missing",
    role: "finance",
    path: () => "/withdrawals/approvals",
    open: async (page, data) => {
      await openDialog(
        page,
        page.getByTestId(`approval-row-${data.withdrawalOrderId}`).getByRole("button", { name: "Reject" }),
      );
      await page.getByRole("dialog").getByRole("button", { name: "Reject" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Say why it is rejected" })).toBeVisible();
    },
  },
  {
    name: "approve dialog (detail)",
    role: "finance",
    path: (data) => `/withdrawals/${data.withdrawalId}`,
    open: (page) => openDialog(page, page.getByRole("button", { name: "Approve" })),
  },
  {
    name: "cancel request dialog",
    role: "support",
    path: (data) => `/withdrawals/${data.withdrawalId}`,
    open: (page) => openDialog(page, page.getByRole("button", { name: "Cancel request" })),
  },
  {
    name: "disable user dialog",
    role: "admin",
    path: () => "/admin/users",
    open: (page) => openUserAction(page, DEMO.viewer, /^Disable/),
  },
  {
    name: "approve change dialog",
    role: "admin",
    path: () => "/admin/changes",
    open: (page, data) =>
      openDialog(
        page,
        page
          .getByRole("row")
          .filter({ hasText: data.pendingGrantEmail })
          .getByRole("button", { name: "Approve" }),
      ),
  },
  {
    name: "new invoice, advanced fields open, errors shown",
    role: "support",
    path: () => "/invoices/new",
    open: async (page) => {
      await page.getByText("Advanced: addresses and extra data").click();
      await page.getByLabel("Amount").fill("12,50");
      await page.getByRole("button", { name: "Create invoice" }).click();
      await expect(page.getByText("Enter an amount like 12.50")).toBeVisible();
    },
  },
  {
    name: "new withdrawal, errors shown",
    role: "support",
    path: () => "/withdrawals/new",
    open: async (page) => {
      await page.getByLabel("Destination address").fill("0x1234");
      await page.getByRole("button", { name: "Request withdrawal" }).click();
      await expect(page.getByText(/This is not a TRON address/)).toBeVisible();
    },
  },
  {
    name: "new user, errors shown",
    role: "admin",
    path: () => "/admin/users/new",
    open: async (page) => {
      await page.getByRole("button", { name: "Create user" }).click();
      await expect(page.getByText("Enter a name.")).toBeVisible();
    },
  },
  {
    name: "choose a password, a common one refused",
    role: "anonymous",
    path: (data) => data.joinUrl,
    open: async (page) => {
      await page.getByLabel("New password").fill("password1234");
      await page.getByLabel("Type it again").fill("password1234");
      await page.getByRole("button", { name: "Set my password" }).click();
      await expect(page.getByText(/commonly used password/)).toBeVisible();
    },
  },
  {
    name: "change password, errors shown",
    role: "viewer",
    path: () => "/account/password",
    open: async (page) => {
      await page.getByRole("button", { name: "Change password" }).click();
      await expect(page.getByText("Enter your current password.")).toBeVisible();
    },
  },
  {
    name: "invitation link, shown once",
    role: "admin",
    path: () => "/admin/users/new",
    open: async (page) => {
      await page.getByLabel("Name").fill("Shown Once");
      await page.getByLabel("Email").fill(uniqueEmail("a11y-invited"));
      await page.getByRole("button", { name: "Create user" }).click();
      await expect(page.getByTestId("one-time-link-url")).toBeVisible();
    },
  },
  {
    name: "reset password dialog",
    role: "admin",
    path: () => "/admin/users",
    open: (page) => openUserAction(page, DEMO.viewer, /^Reset password/),
  },
  {
    name: "service connection, tested",
    role: "admin",
    path: () => "/admin/service",
    open: async (page) => {
      await page.getByRole("button", { name: "Test connection" }).click();
      await expect(page.getByTestId("connection-report")).toBeVisible();
    },
  },
  {
    name: "settings, threshold on",
    role: "admin",
    path: () => "/admin/settings",
    open: async (page) => {
      const box = page.getByLabel("Require two different approvers above an amount");
      if (!(await box.isChecked())) await box.check();
      await expect(page.getByLabel("Above", { exact: true })).toBeVisible();
    },
  },
];

// Data is made once per worker; sessions once per run (e2e/auth.setup.ts).
let data: Promise<Data> | undefined;

async function signInAs(page: Page, role: Role) {
  if (role !== "anonymous") await signInAsDemoUser(page, role);
}

async function createInvoice(page: Page, amount: string) {
  await page.goto("/invoices/new");
  await page.getByLabel("Amount").fill(amount);
  const orderId = await page.getByLabel("Order id").inputValue();
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(page.getByRole("heading", { name: orderId })).toBeVisible();
  const payUrl = await page.getByLabel("Payment link").inputValue();
  return { id: page.url().split("/").pop() ?? "", orderId, payUrl };
}

async function createData(browser: Browser): Promise<Data> {
  const page = await newPageAs(browser, "support");
  const context = page.context();
  const paid = await createInvoice(page, "9.99");
  const open = await createInvoice(page, "5.00");
  const chosen = await createInvoice(page, "7.00");

  const payment = await context.request.post(
    `/sandbox/control/invoices/${paid.payUrl.split("/").pop()}/payments`,
    { headers: SANDBOX_AUTH, data: { amount: "9.99", currency: "USDT", network: "TRON" } },
  );
  expect(payment.ok()).toBe(true);
  await page.goto(chosen.payUrl);
  await page.getByLabel("Currency").selectOption("USDT");
  await page.getByLabel("Network").selectOption("TRON");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("button", { name: "Send test payment" })).toBeVisible();

  const underpaid = await createInvoice(page, "6.00");
  const partPayment = await context.request.post(
    `/sandbox/control/invoices/${underpaid.payUrl.split("/").pop()}/payments`,
    { headers: SANDBOX_AUTH, data: { amount: "1", currency: "USDT", network: "TRON" } },
  );
  expect(partPayment.ok()).toBe(true);
  await page.goto(`/invoices/${underpaid.id}`);
  await expect(page.getByTestId("invoice-status")).toHaveText("Underpaid", { timeout: 20_000 });

  const withdrawal = await requestWithdrawal(page, "Refund for order 1001, kept waiting for the checks");
  await context.close();

  const adminPage = await newPageAs(browser, "admin2");
  const pendingGrantEmail = uniqueEmail("a11y-pending-finance");
  const joinUrl = await inviteAsAdmin(adminPage, {
    email: pendingGrantEmail,
    name: "Pending Finance",
    role: "finance",
  });
  await adminPage.context().close();
  return {
    invoiceId: paid.id,
    openInvoiceId: open.id,
    paidPayUrl: paid.payUrl,
    paidOrderId: paid.orderId,
    openPayUrl: open.payUrl,
    chosenPayUrl: chosen.payUrl,
    withdrawalId: withdrawal.id,
    withdrawalOrderId: withdrawal.orderId,
    underpaidId: underpaid.id,
    pendingGrantEmail,
    joinUrl,
  };
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  data ??= createData(browser);
  await data;
});

async function testData(): Promise<Data> {
  if (!data) throw new Error("beforeAll did not create the test data");
  return data;
}

// Both widths in one test: the second is a resize and a new load of the same signed-in page,
// which costs a fraction of a test of its own (a browser context and a sign-in).
for (const check of PAGES) {
  test(`page: ${check.name}`, async ({ page }) => {
    const data = await testData();
    await signInAs(page, check.role);
    const requests = followRequests(page);
    for (const viewport of VIEWPORTS) {
      await test.step(`at ${viewport.width} px`, async () => {
        await page.setViewportSize(viewport);
        const response = await page.goto(check.path(data));
        expect(response?.status()).toBe(check.status ?? 200);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await check.ready?.(page, data);
        // What renders after load (client-side data) is in place before axe reads the page.
        await requests.quiet();
        await expectNoAxeViolations(page);
        await expectFitsViewport(page);
      });
    }
  });
}

for (const check of STATES) {
  test(`state: ${check.name}`, async ({ page }) => {
    const data = await testData();
    await signInAs(page, check.role);
    for (const viewport of VIEWPORTS) {
      await test.step(`at ${viewport.width} px`, async () => {
        await page.setViewportSize(viewport);
        await page.goto(check.path(data));
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await check.open(page, data);
        await expectNoAxeViolations(page);
        await expectFitsViewport(page);
      });
    }
  });
}

test("the navigation opened: the menu sheet on a phone, the Admin group on a wide screen", async ({
  page,
}) => {
  await testData();
  await signInAs(page, "admin");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await openDialog(page, page.getByRole("button", { name: "Menu", exact: true }));
  await expectNoAxeViolations(page);
  await expectFitsViewport(page);
  await page.keyboard.press("Escape");

  await page.setViewportSize({ width: 1280, height: 800 });
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: /^Admin/ }).click();
  // The navigation's link: admin's home also links to System from its summary card.
  await expect(nav.getByRole("link", { name: "System" })).toBeVisible();
  // The open group lies over the page's own links, which axe would then find too small to hit:
  // the header is what this state changes.
  await expectNoAxeViolations(page, "header");
});

test("the experimental rule label-content-name-mismatch really runs", async ({ page }) => {
  await testData();
  await signInAs(page, "support");
  await page.goto("/invoices");
  // The copy buttons carry an aria-label, so the rule has something to check here.
  await expect(page.getByRole("button", { name: /^Copy payment link for / }).first()).toBeVisible();
  const results = await runAxe(page);
  const checked = [...results.passes, ...results.violations, ...results.incomplete].map((rule) => rule.id);
  expect(checked).toContain("label-content-name-mismatch");
  expect(checked).toContain("color-contrast");
});
