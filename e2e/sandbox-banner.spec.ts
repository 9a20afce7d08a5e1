import { expect, test } from "@playwright/test";
import { signInAs } from "./fixtures";

test("every page says so while Paydesk runs on its embedded sandbox", async ({ page }) => {
  await signInAs(page, "viewer");
  await page.goto("/");
  await expect(page.getByTestId("sandbox-banner")).toContainText("No real money moves");
});
