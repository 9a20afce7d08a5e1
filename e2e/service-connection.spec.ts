import { expect, test } from "@playwright/test";
import { signInAs } from "./fixtures";
import { followNavigation } from "./support/navigation";

test("an admin sees the service in use, the sandbox's keys, and tests the connection", async ({
  page,
  request,
}) => {
  await signInAs(page, "admin");
  await page.goto("/");
  await followNavigation(page, "Service connection");
  await expect(page.getByText("Embedded sandbox")).toBeVisible();
  await expect(page.getByTestId("service-base-url")).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/sandbox$/);
  // The embedded sandbox's keys move no money; an admin needs them for its control API.
  const invoiceKey = (await page.getByTestId("sandbox-invoice-key").textContent()) ?? "";
  await expect(page.getByTestId("sandbox-withdrawal-key")).not.toBeEmpty();
  const merchant = await request.get("/sandbox/control/merchant", {
    headers: { Authorization: `Bearer ${invoiceKey}` },
  });
  expect(merchant.status()).toBe(200);

  await page.getByRole("button", { name: "Test connection" }).click();
  const report = page.getByTestId("connection-report");
  await expect(report).toBeVisible();
  await expect(report.getByText("Accepted", { exact: true })).toHaveCount(2);
  await expect(report).toContainText("Connected.");
});

test("finance cannot open the service connection page", async ({ page }) => {
  await signInAs(page, "finance");
  expect((await page.goto("/admin/service"))?.status()).toBe(403);
});
