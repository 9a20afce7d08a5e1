import { expect, test } from "@playwright/test";
import { DEMO, signIn } from "./fixtures";

test("every page says so while Paydesk runs on its embedded sandbox", async ({ page }) => {
  await signIn(page, DEMO.viewer);
  await expect(page.getByTestId("sandbox-banner")).toContainText("No real money moves");
});
