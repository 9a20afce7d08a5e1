import { expect, test } from "@playwright/test";
import { personOfTheirOwn, signIn, uniqueEmail } from "./fixtures";

/**
 * Issue 25: one clock. A person's zone is their browser's from their first sign-in, every time
 * is shown in it with the zone named, and they can choose another zone and number format under
 * Account → Display.
 */

test("a new person sees times in their browser's zone, and chooses another zone and number format", async ({
  browser,
  baseURL,
}) => {
  const person = await personOfTheirOwn(baseURL ?? "", {
    email: uniqueEmail("clock"),
    name: "Clara Clock",
    role: "support",
    password: "clara keeps eleven amber clocks",
  });

  const context = await browser.newContext({ timezoneId: "Europe/Berlin", locale: "de-DE" });
  const theirs = await context.newPage();
  await signIn(theirs, person.email, person.password);

  // The first page sent the browser's zone (in the background); the sessions page shows it, named.
  await expect(async () => {
    await theirs.goto("/account/display");
    await expect(theirs.getByLabel("Time zone")).toHaveValue("Europe/Berlin", { timeout: 1_000 });
  }).toPass();
  await expect(theirs.getByLabel("Number format")).toHaveValue("en-US");
  await theirs.goto("/account/sessions");
  await expect(theirs.locator("time").first()).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} CES?T$/);

  // Another zone and number format, chosen under Account → Display, apply to every page.
  await theirs.goto("/account/display");
  await theirs.getByLabel("Time zone").selectOption("America/New_York");
  await theirs.getByLabel("Number format").selectOption("de-DE");
  await expect(theirs.getByTestId("display-preview")).toContainText("12.500,50 EUR");
  await expect(theirs.getByTestId("display-preview")).toContainText("1.200 JPY");
  await theirs.getByRole("button", { name: "Save" }).click();
  await expect(theirs.getByText("Saved. Times and amounts now show this way on every page.")).toBeVisible();
  await theirs.goto("/account/sessions");
  await expect(theirs.locator("time").first()).toHaveText(/, \d{2}:\d{2} E[SD]T$/);

  // A second browser in another zone does not override the choice.
  const elsewhere = await (await browser.newContext({ timezoneId: "Asia/Tokyo" })).newPage();
  await signIn(elsewhere, person.email, person.password);
  await elsewhere.goto("/account/display");
  await expect(elsewhere.getByLabel("Time zone")).toHaveValue("America/New_York");
  await context.close();
});
