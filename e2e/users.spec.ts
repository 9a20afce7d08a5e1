import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import {
  createUserAsAdmin,
  DEMO,
  inviteAsAdmin,
  personOfTheirOwn,
  signIn,
  signInAs,
  uniqueEmail,
} from "./fixtures";

/** Where the screenshots go, to be looked at: E2E_SHOTS_DIR, else beside the test results. */
const SHOTS = process.env.E2E_SHOTS_DIR ?? "test-results/shots/homes";

/** From the users table to the person's edit view: the table itself changes no role. */
async function openEditView(page: Page, email: string) {
  await page.goto("/admin/users");
  await page.getByRole("link", { name: `Edit ${email}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("user-facts")).toBeVisible();
}

test("an admin creates a user who can then sign in", async ({ page, browser }) => {
  const user = {
    email: uniqueEmail("new-support"),
    name: "New Support",
    role: "support",
    password: "a-fresh-password-42",
  };
  await signInAs(page, "admin");
  await createUserAsAdmin(page, user);

  const context = await browser.newContext();
  const theirPage = await context.newPage();
  await signIn(theirPage, user.email, user.password);
  await expect(theirPage.getByTestId("signed-in-user")).toContainText("Support");
  await context.close();
});

test("the create form shows each field's problem next to it", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/admin/users/new");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByText("Enter a name.")).toBeVisible();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();
  // Nobody sets a password for someone else: the form has no such field.
  await expect(page.getByLabel(/password/i)).toHaveCount(0);
});

test("an existing email is refused on the email field, and nothing typed is lost", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/admin/users/new");
  await page.getByLabel("Name").fill("Copy Cat");
  await page.getByLabel("Email").fill(DEMO.viewer);
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByText("A user with this email already exists.")).toBeVisible();
  await expect(page.getByLabel("Name")).toHaveValue("Copy Cat");
});

test("a disabled user cannot sign in, and one already signed in is signed out on the next request", async ({
  page,
  browser,
  baseURL,
}) => {
  const user = await personOfTheirOwn(baseURL ?? "", {
    email: uniqueEmail("to-disable"),
    name: "Soon Gone",
    role: "viewer",
    password: "a-fresh-password-42",
  });
  await signInAs(page, "admin");
  await page.goto("/admin/users");

  const context = await browser.newContext();
  const theirPage = await context.newPage();
  await signIn(theirPage, user.email, user.password);

  const row = page.getByTestId(`user-row-${user.email}`);
  await row.getByRole("button", { name: `Disable ${user.email}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Disable" }).click();
  await expect(row.getByText("Disabled")).toBeVisible();

  await theirPage.reload();
  await expect(theirPage).toHaveURL(/\/login\?reason=disabled/);
  await expect(theirPage.getByRole("status").filter({ hasText: "has been disabled" })).toBeVisible();

  await theirPage.getByLabel("Email").fill(user.email);
  await theirPage.getByLabel("Password").fill(user.password);
  await theirPage.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(theirPage.getByRole("alert").filter({ hasText: "This account is disabled" })).toBeVisible();
  await context.close();
});

test("an admin changes a user's role: their sessions end, and they sign in again under the new role", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const user = await personOfTheirOwn(baseURL ?? "", {
    email: uniqueEmail("moved"),
    name: "Soon Support",
    role: "viewer",
    password: "a-fresh-password-42",
  });
  await signInAs(page, "admin");
  await page.goto("/admin/users");

  const context = await browser.newContext();
  const theirPage = await context.newPage();
  await signIn(theirPage, user.email, user.password);
  expect((await theirPage.goto("/invoices/new"))?.status()).toBe(403);

  // The table offers no role select: the change is made in the person's edit view, with a reason.
  await expect(page.getByTestId(`user-row-${user.email}`).getByRole("combobox")).toHaveCount(0);
  await openEditView(page, user.email);
  // Support is no role that decides who may pay, so it applies at once (finance and admin wait
  // for a second admin: see dual-control.spec.ts). The confirmation says so before anything happens.
  await page.getByLabel("New role").selectOption("support");
  await page.getByRole("button", { name: "Review the change" }).click();
  await expect(page.getByText("Say why their role changes.")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByLabel("Reason (required)").fill("Answers customers from Monday");
  await page.getByRole("button", { name: "Review the change" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: `Make ${user.email} Support now?` })).toBeVisible();
  await expect(dialog).toContainText("This applies at once, with no second admin");
  await expect(dialog).toContainText("Soon Support is signed out everywhere and signs in again as Support.");
  await expect(dialog).toContainText("Answers customers from Monday");
  await dialog.getByRole("button", { name: "Change the role now" }).click();
  await expect(page.getByText(`${user.email} is now Support`)).toBeVisible();
  await expect(page.getByTestId("user-facts")).toContainText("Support");
  // The form starts again from the role they have now.
  await expect(page.getByLabel("New role")).toHaveValue("support");
  await expect(page.getByLabel("Reason (required)")).toHaveValue("");
  await theirPage.goto("/invoices/new");
  await expect(theirPage).toHaveURL(/\/login/);
  await signIn(theirPage, user.email, user.password);
  expect((await theirPage.goto("/invoices/new"))?.status()).toBe(200);
  await context.close();
});

test("the edit view shows what a change to finance will do before anything is sent; Cancel sends nothing", async ({
  page,
}) => {
  const email = uniqueEmail("edit-view");
  await signInAs(page, "admin");
  await inviteAsAdmin(page, { email, name: "Eddie Edit", role: "viewer" });
  await openEditView(page, email);
  await page.getByLabel("New role").selectOption("finance");
  await page.getByLabel("Reason (required)").fill("Second approver for December");
  await page.getByRole("button", { name: "Review the change" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: `Propose making ${email} Finance?` })).toBeVisible();
  await expect(dialog).toContainText(
    "this waits for a second admin. Until one approves it, Eddie Edit stays Viewer.",
  );
  await expect(dialog).toContainText(/other admins? who may approve it (is|are) notified now/);
  await expectNoAxeViolations(page);
  await shootBothWidths(page, "user-edit-confirmation");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("pending-change")).toHaveCount(0);
  await expect(page.getByTestId("user-facts")).toContainText("Viewer");
  await expectNoAxeViolations(page);
  await shootBothWidths(page, "user-edit");
});

test("nobody is offered to disable their own account: not in the table, not in their edit view", async ({
  page,
}) => {
  await signInAs(page, "admin");
  await page.goto("/admin/users");
  const own = page.getByTestId(`user-row-${DEMO.admin}`);
  await expect(own).toContainText("(you)");
  await expect(own.getByRole("button", { name: /Disable/ })).toHaveCount(0);
  // Everyone else's row has it.
  await expect(
    page.getByTestId(`user-row-${DEMO.viewer}`).getByRole("button", { name: `Disable ${DEMO.viewer}` }),
  ).toBeVisible();
  await shootBothWidths(page, "users-table");
  await own.getByRole("link", { name: `Edit ${DEMO.admin}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("(you)");
  await expect(page.getByRole("button", { name: /Disable/ })).toHaveCount(0);
});

async function shootBothWidths(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}x${size.height}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

test("the invitation dialog says the link was also emailed", async ({ page }) => {
  await signInAs(page, "admin");
  const email = uniqueEmail("emailed-invite");
  await page.goto("/admin/users/new");
  await page.getByLabel("Name").fill("Emailed Invite");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Create user" }).click();
  const shown = page.getByTestId("one-time-link");
  await expect(shown.getByTestId("one-time-link-emailed")).toHaveText(
    `Paydesk has also emailed it to ${email}. Pass it on yourself only if that email does not arrive.`,
  );
});
