import { expect, test } from "@playwright/test";

// The embedded sandbox, mounted at /sandbox with the demo merchant's keys (README: sandbox).
const INVOICE_KEY = "sandbox-invoice-key";

test("a payer opens pay_url, chooses currency and network, pays, and the invoice is paid", async ({
  page,
  request,
}) => {
  const orderId = `e2e_pay_${Date.now()}`;
  const created = await request.post("/sandbox/v1/invoices", {
    headers: { Authorization: `Bearer ${INVOICE_KEY}` },
    data: { amount: "25.00", fiat_currency: "USD", order_id: orderId, is_payment_multiple: false },
  });
  expect(created.status()).toBe(200);
  const invoice = await created.json();
  expect(invoice.crypto_amount).toBeNull();

  await page.goto(invoice.pay_url);
  await expect(page.getByTestId("invoice-status")).toHaveText("pending");
  await page.getByLabel("Currency").selectOption("USDT");
  await page.getByLabel("Network").selectOption("TRON");
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByTestId("wallet-address")).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  await expect(page.getByTestId("wallet-qr").locator("svg")).toBeVisible();
  await expect(page.getByLabel("Amount")).toHaveValue("25");
  await page.getByRole("button", { name: "Send test payment" }).click();
  await expect(page.getByTestId("invoice-status")).toHaveText("paid");
  await expect(page.getByTestId("transactions")).toContainText("25");

  const read = await request.get(`/sandbox/v1/invoices/${invoice.id}`, {
    headers: { Authorization: `Bearer ${INVOICE_KEY}` },
  });
  const after = await read.json();
  expect(after).toMatchObject({ status: "paid", currency: "USDT", network: "TRON" });
  expect(after.transactions).toHaveLength(1);
});
