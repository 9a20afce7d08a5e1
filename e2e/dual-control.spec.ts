import { expect, test } from "@playwright/test";
import { createUserAsAdmin, DEMO, signIn, uniqueEmail } from "./fixtures";

// Issue #10, dual control: granting finance or admin takes effect only when a second, different
// admin approves. Fresh users only; demo users are never signed out here.

test("an admin grants finance to a new user; the grant waits for a second admin, who approves it", async ({
  page,
  browser,
}) => {
  const user = {
    email: uniqueEmail("granted"),
    name: "Gina Granted",
    role: "finance",
    password: "a-fresh-password-42",
  };
  await signIn(page, DEMO.admin);
  await createUserAsAdmin(page, user);
  await expect(
    page.getByText(/created as Viewer\. The Finance role applies once a second admin approves it/),
  ).toBeVisible();

  // Until approved: a viewer, and the proposer is told why they cannot approve it themselves.
  const row = page.getByTestId(`user-row-${user.email}`);
  await expect(page.getByLabel(`Role of ${user.email}`)).toHaveValue("viewer");
  const pending = row.getByTestId("pending-change");
  await expect(pending).toContainText(`Make ${user.email} Finance`);
  await expect(pending).toContainText("You proposed this change, so a different admin must approve it.");
  await expect(pending.getByRole("button", { name: "Approve" })).toHaveCount(0);

  const theirContext = await browser.newContext();
  const theirPage = await theirContext.newPage();
  await signIn(theirPage, user.email, user.password);
  await expect(theirPage.getByTestId("signed-in-user")).toContainText("Viewer");
  expect((await theirPage.goto("/withdrawals/approvals"))?.status()).toBe(403);

  // The second admin approves it under Pending changes.
  const secondContext = await browser.newContext();
  const second = await secondContext.newPage();
  await signIn(second, DEMO.admin2);
  await second
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Pending changes" })
    .click();
  const changeRow = second.getByRole("row").filter({ hasText: `Make ${user.email} Finance` });
  await expect(changeRow).toContainText(DEMO.admin);
  await changeRow.getByRole("button", { name: "Approve" }).click();
  const dialog = second.getByRole("dialog");
  await expect(dialog).toContainText(`Make ${user.email} Finance. Proposed by ${DEMO.admin}.`);
  await dialog.getByRole("button", { name: "Approve" }).click();
  await expect(second.getByText("Approved: the change applies now.")).toBeVisible();
  await expect(
    second.getByRole("region", { name: "Recently decided" }).getByRole("row").filter({ hasText: user.email }),
  ).toContainText(DEMO.admin2);

  // The role change ends their session; they sign in again as finance.
  await theirPage.goto("/withdrawals/approvals");
  await expect(theirPage).toHaveURL(/\/login/);
  await signIn(theirPage, user.email, user.password);
  await expect(theirPage.getByTestId("signed-in-user")).toContainText("Finance");
  expect((await theirPage.goto("/withdrawals/approvals"))?.status()).toBe(200);

  await page.reload();
  await expect(page.getByLabel(`Role of ${user.email}`)).toHaveValue("finance");
  await expect(page.getByTestId(`user-row-${user.email}`).getByTestId("pending-change")).toHaveCount(0);
  await theirContext.close();
  await secondContext.close();
});

test("the proposer cancels a grant they proposed, and nothing changes", async ({ page }) => {
  const user = {
    email: uniqueEmail("not-granted"),
    name: "Nat Notgranted",
    role: "support",
    password: "a-fresh-password-42",
  };
  await signIn(page, DEMO.admin);
  await createUserAsAdmin(page, user);
  await page.getByLabel(`Role of ${user.email}`).selectOption("admin");
  await expect(page.getByText(`Making ${user.email} Admin was proposed.`)).toBeVisible();
  const pending = page.getByTestId(`user-row-${user.email}`).getByTestId("pending-change");
  await expect(pending).toContainText(`Make ${user.email} Admin`);
  await pending.getByRole("button", { name: "Cancel change" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel change" }).click();
  await expect(page.getByText("Cancelled: nothing was changed.")).toBeVisible();
  await expect(pending).toHaveCount(0);
  await expect(page.getByLabel(`Role of ${user.email}`)).toHaveValue("support");
});
