import { expect, test } from "@playwright/test";
import { signInAs } from "./fixtures";
import { expectNoAxeViolations } from "./axe";
import { createUsdtInvoice, payInvoice } from "./support/sandbox-invoices";

// Issue 37: the message for the customer fits the invoice's state. Underpaid, it asks only for
// what is missing, first on the page; paid, it is a receipt with nothing to pay.

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

test("an underpaid invoice asks only for the rest, first in sight; once paid it gives a receipt", async ({
  context,
  page,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAs(page, "support");
  const invoice = await createUsdtInvoice(page);
  await payInvoice(request, invoice.serviceId, "4");
  await expect(page.getByTestId("invoice-status")).toHaveText("Underpaid", { timeout: 20_000 });

  for (const viewport of [WIDE, PHONE]) {
    await page.setViewportSize(viewport);
    const card = page.getByRole("region", { name: "Ask the customer for the rest" });
    await expect(card.getByTestId("still-to-pay")).toContainText("Still to pay: 6.00 USDT");
    // In sight without scrolling: the person opened the page to ask for the rest.
    const box = await card.boundingBox();
    expect(box?.y ?? Infinity).toBeLessThan(viewport.height);
    await card.getByRole("button", { name: "Copy message" }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("6.00 USDT is still missing");
    expect(copied).toContain("send only the remaining 6.00 USDT on TRON");
    expect(copied).toContain(invoice.payUrl);
    expect(copied).not.toMatch(/Please pay 10\.00/);
    expect(copied).toMatch(/until \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC\./);
    // What the card shows is what is copied.
    await expect(card.getByTestId("customer-message")).toContainText(copied.split("\n")[0] ?? "");
    await page.screenshot({ path: testInfo.outputPath(`underpaid-${viewport.width}.png`) });
  }
  await expectNoAxeViolations(page);

  await payInvoice(request, invoice.serviceId, "6");
  await expect(page.getByTestId("invoice-status")).toHaveText("Paid", { timeout: 20_000 });
  for (const viewport of [WIDE, PHONE]) {
    await page.setViewportSize(viewport);
    const card = page.getByRole("region", { name: "Message the customer" });
    await expect(card.getByTestId("customer-message")).toContainText(`Thank you: we received 10.00 USDT on`);
    await expect(card.getByTestId("customer-message")).toContainText("There is nothing more to pay.");
    await expect(card.getByRole("button", { name: "Copy link" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Ask the customer for the rest" })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`paid-${viewport.width}.png`), fullPage: true });
  }
  await expectNoAxeViolations(page);
});
