import { expect, test, type Page } from "@playwright/test";
import {
  choosePasswordThroughLink,
  DEMO,
  inviteAsAdmin,
  newPageAs,
  personOfTheirOwn,
  signIn,
  signInAs,
  takeOneTimeLink,
  uniqueEmail,
} from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { followNavigation } from "./support/navigation";

// Issue #10, dual control: granting finance or admin takes effect only when a second, different
// admin approves. Fresh users only; demo users are never signed out here.

test("an admin grants finance to a new user; the grant waits for a second admin, who approves it", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const user = {
    email: uniqueEmail("granted"),
    name: "Gina Granted",
    role: "finance",
    password: "a-fresh-password-42",
  };
  await signInAs(page, "admin");
  const link = await inviteAsAdmin(
    page,
    user,
    /created as Viewer\. The Finance role applies once a second admin approves it/,
  );

  // The second admin reads, before approving, what happened to the account's sign-in: nothing yet.
  const second = await newPageAs(browser, "admin2");
  await second.goto("/");
  await followNavigation(second, "Pending changes");
  const changeRow = second.getByRole("row").filter({ hasText: `Make ${user.email} Finance` });
  await expect(changeRow).toContainText(DEMO.admin);
  await changeRow.getByRole("button", { name: "Approve" }).click();
  const dialog = second.getByRole("dialog");
  await expect(dialog).toContainText(`Make ${user.email} Finance. Proposed by ${DEMO.admin}.`);
  await expect(dialog.getByTestId("account-history")).toContainText(
    "Nothing changed on this account in the 7 days before the proposal or since.",
  );
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await choosePasswordThroughLink(browser, link, user.password);

  // Until approved: a viewer, and the proposer is told why they cannot approve it themselves, and
  // who was notified instead of being left to find another admin.
  await page.goto("/admin/users");
  const row = page.getByTestId(`user-row-${user.email}`);
  await expect(row.getByTestId("user-role")).toHaveText("Viewer");
  const pending = row.getByTestId("pending-change");
  await expect(pending).toContainText(`Make ${user.email} Finance`);
  await expect(pending).toContainText("You proposed this change, so a different admin must approve it.");
  await expect(pending).toContainText(/other admins? who may approve it (was|were) notified/);
  await expect(pending.getByRole("button", { name: "Approve" })).toHaveCount(0);

  const theirContext = await browser.newContext();
  const theirPage = await theirContext.newPage();
  await signIn(theirPage, user.email, user.password);
  await expect(theirPage.getByTestId("signed-in-user")).toContainText("Viewer");
  expect((await theirPage.goto("/withdrawals/approvals"))?.status()).toBe(403);

  // The password was chosen after the proposal (by whoever held the link): the grant is held.
  await second.reload();
  await changeRow.getByRole("button", { name: "Approve" }).click();
  const history = dialog.getByTestId("account-history");
  // Newest first: her sign-in from a browser new to the account, then the password she chose.
  await expect(history.getByRole("listitem")).toHaveText([
    new RegExp(
      `^Signed in from a browser new to the account by ${user.email} \\(the person themselves\\), .+\\(after the proposal\\)`,
    ),
    new RegExp(
      `^Password chosen through the invitation link by ${user.email} \\(the person themselves\\), .+\\(after the proposal\\)`,
    ),
  ]);
  await expect(dialog.getByRole("alert")).toContainText(
    `This grant cannot be approved: the sign-in of ${user.email} changed since the grant was proposed`,
  );
  await expect(dialog.getByRole("button", { name: "Approve" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // The proposer cancels it and proposes it again; now the second admin may approve it.
  await page.reload();
  await expect(pending).toContainText("can cancel it and propose it again");
  await pending.getByRole("button", { name: "Cancel change" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel change" }).click();
  await expect(page.getByText("Cancelled: nothing was changed.")).toBeVisible();
  await proposeRole(page, user.email, "finance", "Joins the payouts team");

  await second.reload();
  await changeRow.getByRole("button", { name: "Approve" }).click();
  await expect(history).toContainText("Password chosen through the invitation link");
  await expect(history).not.toContainText("(after the proposal)");
  await expect(dialog.getByRole("alert")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(second.getByText("Approved: the change applies now.")).toBeVisible();
  const decided = second.getByRole("region", { name: "Recently decided" }).getByRole("row");
  await expect(decided.filter({ hasText: user.email }).filter({ hasText: "Approved" })).toContainText(
    DEMO.admin2,
  );
  await expect(decided.filter({ hasText: user.email }).filter({ hasText: "Cancelled" })).toContainText(
    DEMO.admin,
  );

  // The role change ends their session; they sign in again as finance.
  await theirPage.goto("/withdrawals/approvals");
  await expect(theirPage).toHaveURL(/\/login/);
  await signIn(theirPage, user.email, user.password);
  await expect(theirPage.getByTestId("signed-in-user")).toContainText("Finance");
  expect((await theirPage.goto("/withdrawals/approvals"))?.status()).toBe(200);

  await page.goto("/admin/users");
  await expect(page.getByTestId(`user-row-${user.email}`).getByTestId("user-role")).toHaveText("Finance");
  await expect(page.getByTestId(`user-row-${user.email}`).getByTestId("pending-change")).toHaveCount(0);
  await theirContext.close();
  await second.context().close();
});

test("the proposer cancels a grant they proposed, and nothing changes", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const user = await personOfTheirOwn(baseURL ?? "", {
    email: uniqueEmail("not-granted"),
    name: "Nat Notgranted",
    role: "support",
    password: "a-fresh-password-42",
  });
  await signInAs(page, "admin");
  await page.goto("/admin/users");
  await page.getByRole("link", { name: `Edit ${user.email}` }).click();
  await page.getByLabel("New role").selectOption("admin");
  await page.getByLabel("Reason (required)").fill("Covers the on-call week");
  await page.getByRole("button", { name: "Review the change" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("this waits for a second admin");
  await dialog.getByRole("button", { name: "Propose the change" }).click();
  await expect(page.getByText(`Making ${user.email} Admin was proposed.`)).toBeVisible();
  await expect(page.getByText(/other admins? who may approve it (was|were) notified/).first()).toBeVisible();
  const pending = page.getByTestId("pending-change");
  await expect(pending).toContainText(`Make ${user.email} Admin`);
  await expect(pending).toContainText("Reason: Covers the on-call week");
  await pending.getByRole("button", { name: "Cancel change" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel change" }).click();
  await expect(page.getByText("Cancelled: nothing was changed.")).toBeVisible();
  await expect(pending).toHaveCount(0);
  await expect(page.getByTestId("user-facts")).toContainText("Support");
});

/** The admin proposes a new role for someone in their edit view, with why. */
async function proposeRole(page: Page, email: string, role: "finance" | "admin", reason: string) {
  await page.goto("/admin/users");
  await page.getByRole("link", { name: `Edit ${email}` }).click();
  await page.getByLabel("New role").selectOption(role);
  await page.getByLabel("Reason (required)").fill(reason);
  await page.getByRole("button", { name: "Review the change" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Propose the change" }).click();
  await expect(page.getByText(new RegExp(`^Making ${email} (Finance|Admin) was proposed\\.`))).toBeVisible();
}

async function approveUnderPendingChanges(admin: Page, description: string) {
  await admin.goto("/admin/changes");
  const changeRow = admin.getByRole("row").filter({ hasText: description });
  await changeRow.getByRole("button", { name: "Approve" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Approve" }).click();
}

test("resetting a finance user's password waits for a second admin, who is then shown their new link", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  // Chose her password as support: made finance since, her sign-in unchanged around the proposal.
  const user = await personOfTheirOwn(baseURL ?? "", {
    email: uniqueEmail("reset-finance"),
    name: "Rita Reset",
    role: "support",
    password: "a-fresh-password-42",
  });
  await signInAs(page, "admin");
  await proposeRole(page, user.email, "finance", "Second approver for December");
  const second = await newPageAs(browser, "admin2");
  await approveUnderPendingChanges(second, `Make ${user.email} Finance`);
  await expect(second.getByText("Approved: the change applies now.")).toBeVisible();
  const theirs = await (await browser.newContext()).newPage();
  await signIn(theirs, user.email, user.password);

  await page.goto("/admin/users");
  await expect(page.getByTestId(`user-row-${user.email}`).getByTestId("user-role")).toHaveText("Finance");
  await page.getByRole("button", { name: `Reset password of ${user.email}` }).click();
  await expect(page.getByRole("dialog")).toContainText("waits for a second admin's approval");
  await page.getByRole("dialog").getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText(`Resetting the password of ${user.email} was proposed.`)).toBeVisible();
  // The proposer is given no link, and nothing has changed for the person yet.
  await expect(page.getByTestId("one-time-link")).toHaveCount(0);
  await theirs.goto("/invoices");
  await expect(theirs.getByTestId("signed-in-user")).toContainText(user.email);

  await approveUnderPendingChanges(second, `Reset the password of ${user.email}`);
  const link = await takeOneTimeLink(second, `Password reset link for ${user.email}`);

  // Signed out everywhere, and the old password no longer works.
  await theirs.goto("/invoices");
  await expect(theirs).toHaveURL(/\/login/);
  await theirs.getByLabel("Email").fill(user.email);
  await theirs.getByLabel("Password").fill(user.password);
  await theirs.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(theirs.getByRole("alert").filter({ hasText: "Wrong email or password." })).toBeVisible();

  await choosePasswordThroughLink(browser, link, "quiet harbour lantern 58");
  await signIn(theirs, user.email, "quiet harbour lantern 58");
  await Promise.all([second.context().close(), theirs.context().close()]);
});

test("the proposer resets the password of the person after proposing the grant: the approver sees it, and the grant is refused", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const user = await personOfTheirOwn(baseURL ?? "", {
    email: uniqueEmail("taken-over"),
    name: "Tom Takenover",
    role: "support",
    password: "a-fresh-password-42",
  });
  await signInAs(page, "admin");
  await proposeRole(page, user.email, "finance", "Covers payouts next week");

  // The second admin opens the approval while the account is still as it was.
  const second = await newPageAs(browser, "admin2");
  await second.goto("/admin/changes");
  const changeRow = second.getByRole("row").filter({ hasText: `Make ${user.email} Finance` });
  await changeRow.getByRole("button", { name: "Approve" }).click();
  const dialog = second.getByRole("dialog");
  const history = dialog.getByTestId("account-history");
  await expect(history).toContainText("Password chosen through the invitation link");
  await expect(dialog.getByRole("alert")).toHaveCount(0);

  // Meanwhile the proposer resets the person's password and uses the link himself.
  await page.goto("/admin/users");
  await page.getByRole("button", { name: `Reset password of ${user.email}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Reset password" }).click();
  const link = await takeOneTimeLink(page, `Password reset link for ${user.email}`);
  await choosePasswordThroughLink(browser, link, "the proposers own words 77");

  // Approving is refused, said in the dialog, which now lists the reset.
  await dialog.getByRole("button", { name: "Approve" }).click();
  const refusal = dialog.getByRole("alert");
  await expect(refusal).toContainText(
    `This grant cannot be approved: the sign-in of ${user.email} changed since the grant was proposed (password reset by ${DEMO.admin}`,
  );
  await expect(refusal).toContainText(
    `${DEMO.admin} can cancel it and propose it again once things have settled`,
  );
  await expect(refusal).toBeFocused();
  const reset = history.getByRole("listitem").filter({ hasText: /^Password reset/ });
  await expect(reset).toContainText(`by ${DEMO.admin} (who proposed this)`);
  await expect(reset).toContainText("(after the proposal)");
  await expect(history).toContainText("New password chosen through a password reset link");
  await expect(dialog.getByRole("button", { name: "Approve" })).toBeDisabled();
  await expectNoAxeViolations(second);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Read afresh, the page says so before anyone tries, and nothing changed.
  await second.reload();
  await expect(changeRow).toContainText("This grant cannot be approved");
  await page.goto("/admin/users");
  await expect(page.getByTestId(`user-row-${user.email}`).getByTestId("user-role")).toHaveText("Support");
  await second.context().close();
});
