import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { DEMO, newPageAs, notificationMatching } from "./fixtures";
import { approveFromQueue } from "./support/refunds";
import { setSandboxBalance } from "./support/sandbox-invoices";
import { signedWithdrawalWebhook } from "./support/signed-webhooks";
import { requestWithdrawal } from "./support/withdrawal-form";

test("a payout in conflict is recorded paid by two people in finance: one proposes what the back office shows, another confirms", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  await setSandboxBalance(request, "USDT", "100000");
  const support = await newPageAs(browser, "support");
  const payout = await requestWithdrawal(support, "Supplier invoice 2291", "2.5");
  const finance = await newPageAs(browser, "finance");
  await approveFromQueue(finance, payout.orderId);
  await expect(finance.getByText("Approved and sent to the payment service.")).toBeVisible();

  // A report that names another payout than the one asked: a conflict for finance.
  const delivered = await request.post("/api/webhooks/payments", {
    headers: { "Content-Type": "application/json" },
    data: signedWithdrawalWebhook("sandbox-invoice-key", payout.orderId, { status: "process", amount: "25" }),
  });
  expect(delivered.status()).toBe(200);
  await finance.goto(`/withdrawals/${payout.id}`);
  await expect(finance.getByTestId("withdrawal-state")).toHaveText("Conflict", { timeout: 20_000 });

  // The back office shows it paid: finance proposes it, first with another amount, refused on the field.
  await finance.getByRole("button", { name: "Record paid" }).click();
  const dialog = finance.getByRole("dialog");
  await dialog.getByLabel("Amount paid in USDT").fill("2.4");
  await dialog.getByLabel("Transaction id (hash)").fill("0xfeedbeef0001");
  await dialog.getByLabel("Note (what you checked)").fill("Paid on the service's payouts page.");
  await dialog.getByRole("button", { name: "Propose paid" }).click();
  await expect(dialog.getByRole("alert")).toContainText(
    "This payout is 2.5 USDT, not 2.4 USDT. A payment of another amount is not this payout paid",
  );
  await expect(dialog.getByLabel("Amount paid in USDT")).toHaveValue("2.4");
  await expectNoAxeViolations(finance, "[role='dialog']");
  await dialog.getByLabel("Amount paid in USDT").fill("2.5");
  await dialog.getByRole("button", { name: "Propose paid" }).click();
  await expect(finance.getByText("Proposed. It is recorded paid once a second person")).toBeVisible();
  await expect(finance.getByTestId("paid-proposal")).toContainText(
    `${DEMO.finance} proposed recording it paid`,
  );
  await expect(finance.getByTestId("withdrawal-state")).toHaveText("Conflict");
  // The proposer cannot confirm it.
  await expect(finance.getByRole("button", { name: "Confirm paid" })).toHaveCount(0);
  await expect(finance.getByRole("button", { name: "Decline paid" })).toBeVisible();

  // The second person is told, and confirms.
  const finance2 = await newPageAs(browser, "finance2");
  await finance2.goto("/");
  const told = await notificationMatching(
    finance2,
    new RegExp(`Recording withdrawal ${payout.orderId} .*as paid waits for a second person`),
  );
  await told.click();
  await expect(finance2).toHaveURL(new RegExp(`/withdrawals/${payout.id}`));
  await finance2.getByRole("button", { name: "Confirm paid" }).click();
  await expect(finance2.getByRole("dialog")).toContainText("0xfeedbeef0001");
  await finance2.getByRole("dialog").getByRole("button", { name: "Confirm paid" }).click();
  await expect(finance2.getByTestId("withdrawal-state")).toHaveText("Paid out");
  const paid = finance2
    .getByRole("region", { name: "Ledger" })
    .getByTestId("ledger-line")
    .filter({ hasText: "Paid to the recipient" });
  await expect(paid).toContainText("this payout, at the service → recipient");
  await expect(paid).toContainText("0xfeedbeef0001");
  await expect(paid).toContainText(DEMO.finance2);
});
