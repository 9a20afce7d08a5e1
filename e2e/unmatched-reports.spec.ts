import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { signInAs } from "./fixtures";
import { signedWithdrawalWebhook } from "./support/signed-webhooks";

test("a paid payout Paydesk never made waits on finance's home until someone says what they found", async ({
  page,
  request,
}) => {
  // Another system on the same service account paid out under an order id Paydesk never made.
  const orderId = `wd_elsewhere_${Date.now()}`;
  const delivered = await request.post("/api/webhooks/payments", {
    headers: { "Content-Type": "application/json" },
    data: signedWithdrawalWebhook("sandbox-invoice-key", orderId, { status: "paid", amount: "30" }),
  });
  expect(delivered.status()).toBe(200);

  await signInAs(page, "finance");
  await page.goto("/");
  const section = page.getByRole("region", { name: "Reports for orders Paydesk never made" });
  const row = section.getByTestId(`unmatched-report-${orderId}`);
  await expect(row).toContainText(`The service reports a payout ${orderId} of 30 USDT on TRON`);
  await expectNoAxeViolations(page);

  await row.getByRole("button", { name: `Looked into it: ${orderId}` }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Take it off the worklist" }).click();
  await expect(dialog.getByText("Say what you found at the service")).toBeVisible();
  await dialog.getByLabel("What you found (required)").fill("Our other shop shares the service account.");
  await dialog.getByRole("button", { name: "Take it off the worklist" }).click();
  await expect(page.getByText("Looked into: it has left the worklist.")).toBeVisible();
  await expect(page.getByTestId(`unmatched-report-${orderId}`)).toHaveCount(0);
});
