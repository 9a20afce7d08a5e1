import { expect, test } from "@playwright/test";
import { signInAs } from "./fixtures";
import { createUsdtInvoice, payInvoice } from "./support/sandbox-invoices";

test("an underpaid invoice waits on the worklist with what is missing; support asks for the rest, then accepts it as paid with a note", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await signInAs(page, "support");
  const invoice = await createUsdtInvoice(page);
  await payInvoice(request, invoice.serviceId, "4");
  await expect(page.getByTestId("invoice-status")).toHaveText("Underpaid", { timeout: 20_000 });

  await page.goto("/");
  const row = page.getByTestId(`worklist-${invoice.orderId}`);
  await expect(row).toContainText("USDT");
  await expect(row).toContainText("Ask the customer for the rest");
  await row.getByRole("link", { name: invoice.orderId }).click();

  const card = page.getByRole("region", { name: "Exception" });
  // What is at stake leads the card: 4 of 10 USDT arrived.
  await expect(card.getByTestId("stake")).toHaveText("Missing 6.00 USDT (≈ 6.00 USD)");
  const message = page
    .getByRole("region", { name: "Ask the customer for the rest" })
    .getByTestId("customer-message");
  await expect(message).toContainText(`order ${invoice.orderId}`);
  await expect(message).toContainText("6.00 USDT is still missing");
  await expect(message).toContainText(invoice.payUrl);
  await expect(page.getByTestId("amounts")).toContainText("Still due");
  await card.getByRole("button", { name: "Accept as paid" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Accept as paid" }).click();
  await expect(dialog.getByText("Say how this was settled")).toBeVisible();
  await dialog.getByLabel("Note (required)").fill("Customer paid the rest by bank transfer");
  await dialog.getByRole("button", { name: "Accept as paid" }).click();
  await expect(card.getByTestId("resolution")).toContainText("Accepted as paid by support@example.com");
  await expect(card.getByTestId("resolution")).toContainText("Customer paid the rest by bank transfer");
  await expect(page.getByTestId("invoice-status")).toHaveText("Accepted as paid");
  // Settled: nothing reads as still due, and the customer is sent a receipt, not a request.
  await expect(page.getByText("Still due")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Message the customer" })).toContainText(
    "nothing more to pay",
  );
  await expect(page.getByTestId("amounts")).not.toContainText("Expires");

  await page.goto("/");
  await expect(page.getByTestId("worklist")).toBeVisible();
  await expect(page.getByTestId(`worklist-${invoice.orderId}`)).toHaveCount(0);
  await page.getByRole("link", { name: "Resolved", exact: true }).click();
  await expect(page.getByTestId(`resolved-${invoice.orderId}`)).toContainText(
    "Accepted as paid by support@example.com",
  );
});

test("an overpaid invoice is marked resolved by an admin and shows up under the invoice list's unresolved filter until then", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await signInAs(page, "admin");
  const invoice = await createUsdtInvoice(page);
  await payInvoice(request, invoice.serviceId, "1000");
  await expect(page.getByTestId("invoice-status")).toHaveText("Overpaid", { timeout: 20_000 });

  await page.goto(`/invoices?status=unresolved&q=${invoice.orderId}`);
  await expect(page.getByRole("link", { name: invoice.orderId }).first()).toBeVisible();

  await page.goto(invoice.url);
  const card = page.getByRole("region", { name: "Exception" });
  await expect(card.getByTestId("stake")).toHaveText("Overpaid by 990.00 USDT (≈ 990.00 USD)");
  await card.getByRole("button", { name: "Mark resolved" }).click();
  await page.getByRole("dialog").getByLabel("Note (required)").fill("Kept as credit for the next order");
  await page.getByRole("dialog").getByRole("button", { name: "Mark resolved" }).click();
  await expect(card.getByTestId("resolution")).toContainText("Marked resolved by admin@example.com");
  await expect(page.getByTestId("invoice-status")).toHaveText("Resolved");
  await expect(page.getByTestId("timeline")).toContainText(
    "Marked resolved — Kept as credit for the next order",
  );

  await page.goto(`/invoices?status=unresolved&q=${invoice.orderId}`);
  await expect(page.getByRole("link", { name: invoice.orderId })).toHaveCount(0);
  // The list reads what the page reads.
  await page.goto(`/invoices?q=${invoice.orderId}`);
  await expect(page.getByRole("row").filter({ hasText: invoice.orderId })).toContainText("Resolved");
});
