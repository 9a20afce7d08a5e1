import { expect, test } from "@playwright/test";
import { signInAs } from "./fixtures";
import { fillEuroInvoice } from "./support/invoice-form";
import { payInvoice, SANDBOX_AUTH } from "./support/sandbox-invoices";

test.describe("support works with invoices", () => {
  test.beforeEach(async ({ page }) => signInAs(page, "support"));

  test("creates an invoice, finds it in the list, copies its link, and sees it paid without reloading", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const orderId = await fillEuroInvoice(page, "42.50", "cust-7");
    expect(orderId).toMatch(/^inv_/);
    await page.getByRole("button", { name: "Create invoice" }).click();

    await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
    const invoiceUrl = page.url();
    await expect(page.getByRole("heading", { name: orderId })).toBeVisible();
    await expect(page.getByTestId("invoice-status")).toHaveText("Open");
    const payUrl = await page.getByLabel("Payment link").inputValue();
    expect(payUrl).toMatch(/\/sandbox\/pay\/[0-9a-f-]{36}$/);
    await expect(page.getByAltText("QR code of the payment link")).toBeVisible();

    await page.goto("/invoices");
    await page.getByRole("button", { name: `Copy payment link for ${orderId}` }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(payUrl);

    await page.goto(invoiceUrl);
    const payer = await context.newPage();
    await payer.goto(payUrl);
    await payer.getByLabel("Currency").selectOption("USDT");
    await payer.getByLabel("Network").selectOption("TRON");
    await payer.getByRole("button", { name: "Continue" }).click();
    await payer.getByRole("button", { name: "Send test payment" }).click();
    await expect(payer.getByTestId("invoice-status")).toHaveText("paid");

    // No reload: the open page polls and picks up the payment.
    await expect(page.getByTestId("invoice-status")).toHaveText("Paid", { timeout: 20_000 });
    await expect(page.getByTestId("transactions").getByRole("row")).toHaveCount(2);
    await expect(page.getByTestId("timeline")).toContainText("Payment of");
  });

  test("each invalid field shows its own message, and nothing typed is lost", async ({ page }) => {
    await page.goto("/invoices/new");
    await page.getByLabel("Amount").fill("12,50");
    await page.getByLabel("Order id").fill("bad order id!");
    await page.getByLabel("Accepted underpayment (%)").fill("5.5");
    await page.getByLabel("Expires after").selectOption("custom");
    await page.getByLabel("Lifetime in seconds").fill("299");
    await page.getByLabel("Crypto currency").selectOption("USDT");
    await page.getByText("Advanced: addresses and extra data").click();
    await page.getByLabel("Webhook URL (optional)").fill("not a url");
    await page.getByLabel("Extra data (optional JSON object)").fill('{"user_id": 1}');
    await page.getByRole("button", { name: "Create invoice" }).click();

    await expect(
      page.getByText("Enter an amount like 12.50, with a period as the decimal separator."),
    ).toBeVisible();
    await expect(page.getByText("Order id may contain only letters, digits, - and _.")).toBeVisible();
    await expect(page.getByText("Accuracy is at most 5 %.")).toBeVisible();
    await expect(page.getByText("Lifetime is at least 300 seconds (5 minutes).")).toBeVisible();
    await expect(page.getByText("Choose the network for this currency.")).toBeVisible();
    await expect(page.getByText("Enter a full http(s) address, or leave it empty.")).toBeVisible();
    await expect(page.getByText("user_id is reserved: use the Customer id field.")).toBeVisible();
    await expect(page.getByLabel("Amount")).toHaveValue("12,50");
    await expect(page).toHaveURL(/\/invoices\/new$/);

    await page.getByLabel("Lifetime in seconds").fill("43201");
    await expect(page.getByText("Lifetime is at most 43200 seconds (12 hours).")).toBeVisible();
  });
});

test("Duplicate opens the form prefilled with a new order id", async ({ page }) => {
  await signInAs(page, "support");
  const orderId = await fillEuroInvoice(page, "15.00", "cust-dup");
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(page.getByRole("heading", { name: orderId })).toBeVisible();

  await page.getByRole("link", { name: "Duplicate" }).click();
  await expect(page.getByRole("heading", { name: "Duplicate invoice" })).toBeVisible();
  await expect(page.getByLabel("Amount")).toHaveValue("15.00");
  await expect(page.getByLabel("Customer id (optional)")).toHaveValue("cust-dup");
  const newOrderId = await page.getByLabel("Order id").inputValue();
  expect(newOrderId).toMatch(/^inv_/);
  expect(newOrderId).not.toBe(orderId);
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(page.getByRole("heading", { name: newOrderId })).toBeVisible();
});

test("a viewer sees invoices but cannot create one", async ({ page }) => {
  await signInAs(page, "viewer");
  expect((await page.goto("/invoices/new"))?.status()).toBe(403);
});

test("an order id the service already held, paid before, opens Paid with a note saying so", async ({
  page,
  request,
}) => {
  // Another system made and was paid for this order id at the service, before anyone typed it here.
  const orderId = `typed_${Date.now()}`;
  const created = await request.post("/sandbox/v1/invoices", {
    headers: SANDBOX_AUTH,
    data: { amount: "10", fiat_currency: "EUR", order_id: orderId, currency: "USDT", network: "TRON" },
  });
  expect(created.ok()).toBe(true);
  const held = (await created.json()) as { id: string; crypto_amount: string };
  await payInvoice(request, held.id, held.crypto_amount);

  await signInAs(page, "support");
  await fillEuroInvoice(page, "10", "cust-typed");
  await page.getByLabel("Order id").fill(orderId);
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(page.getByRole("heading", { name: orderId })).toBeVisible();
  await expect(page.getByTestId("invoice-status")).toHaveText("Paid");
  await expect(page.getByTestId("held-before")).toContainText(
    "The service already had an invoice with this order id",
  );
  await expect(page.getByTestId("held-before")).toContainText("paid on it before Paydesk sent this one");
});
