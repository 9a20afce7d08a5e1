import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { newPageAs } from "./fixtures";
import { TRON_ADDRESS } from "./support/withdrawal-form";

// Issue 37: the balance before approving. A request above what Paydesk knows the merchant holds is
// flagged as it is typed, said as a warning once sent, and flagged again in the approvals queue and
// the approval dialog, so the service's refusal is no surprise after approval.

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const FAR_TOO_MUCH = "100000000";

test("a request above the known balance is flagged in the form, the queue and the approval dialog", async ({
  browser,
}, testInfo) => {
  test.setTimeout(60_000);
  const support = await newPageAs(browser, "support");
  await support.goto("/withdrawals/new");
  await support.getByLabel(/^Amount in /).fill(FAR_TOO_MUCH);
  await support.getByLabel("Destination address").fill(TRON_ADDRESS);
  const reason = `Supplier payment far above the balance ${Date.now()}`;
  await support.getByLabel("Reason").fill(reason);
  await expect(support.getByTestId("known-balance")).toContainText("Known balance:");
  await expect(support.getByTestId("known-balance")).toContainText("Paydesk's ledger");
  await expect(support.getByTestId("above-balance")).toContainText("Above the known balance by");

  await support.screenshot({ path: testInfo.outputPath("form-flagged-1280.png"), fullPage: true });
  // Paydesk's ledger may lag the service: the request goes, said as a warning, not as done.
  await support.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(support).toHaveURL(/\/withdrawals\/[0-9a-f-]{36}$/);
  const toast = support
    .locator("[data-sonner-toast]")
    .filter({ hasText: "above the balance Paydesk knows of" });
  await expect(toast).toHaveAttribute("data-type", "warning");
  const orderId = ((await support.getByRole("heading", { level: 1 }).textContent()) ?? "").trim();
  await support.context().close();

  const finance = await newPageAs(browser, "finance");
  for (const viewport of [WIDE, PHONE]) {
    await finance.setViewportSize(viewport);
    await finance.goto("/withdrawals/approvals");
    const row = finance.getByTestId(`approval-row-${orderId}`);
    await expect(row.getByTestId("above-balance")).toContainText("Above the known balance by");
    await row.getByRole("button", { name: "Approve" }).click();
    const dialog = finance.getByRole("dialog");
    await expect(dialog.getByTestId("above-balance")).toContainText("Above the known balance by");
    // With its time, or saying the ledger has nothing of the coin yet (as the form does).
    await expect(dialog.getByTestId("known-balance")).toContainText(
      /as of \d{1,2} \w{3} \d{4}|nothing in Paydesk's ledger/,
    );
    await expectNoAxeViolations(finance);
    await finance.screenshot({ path: testInfo.outputPath(`dialog-${viewport.width}.png`) });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
  }
  // Rejected, so the queue other tests read is left as it was.
  const row = finance.getByTestId(`approval-row-${orderId}`);
  await row.getByRole("button", { name: "Reject" }).click();
  await finance.getByLabel("Reason (the requester sees it)").fill("Above the balance");
  await finance.getByRole("dialog").getByRole("button", { name: "Reject" }).click();
  await expect(row).toHaveCount(0);
});
