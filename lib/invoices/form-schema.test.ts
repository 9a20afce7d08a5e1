import { describe, expect, it } from "vitest";
import { emptyInvoiceForm, invoiceFormSchema, toServiceInput, type InvoiceFormValues } from "./form-schema";

const valid: InvoiceFormValues = { ...emptyInvoiceForm("inv_test"), amount: "10.50" };
const errorsOf = (overrides: Partial<InvoiceFormValues>) => {
  const result = invoiceFormSchema.safeParse({ ...valid, ...overrides });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("the invoice form's rules", () => {
  it("accepts a minimal valid form", () => {
    expect(errorsOf({})).toEqual({});
  });

  it.each([
    ["300", true],
    ["299", false],
    ["43200", true],
    ["43201", false],
    ["3600.5", false],
  ])("lifetime %s seconds -> valid: %s", (lifetimeSeconds, ok) => {
    expect("lifetimeSeconds" in errorsOf({ lifetimeSeconds })).toBe(!ok);
  });

  it.each([
    ["0", true],
    ["5", true],
    ["5.01", false],
    ["2.5", true],
    ["-1", false],
  ])("accuracy %s %% -> valid: %s", (accuracyPercent, ok) => {
    expect("accuracyPercent" in errorsOf({ accuracyPercent })).toBe(!ok);
  });

  it("order id: 255 characters, not 256; letters, digits, - and _ only", () => {
    expect(errorsOf({ orderId: "a".repeat(255) })).toEqual({});
    expect(errorsOf({ orderId: "a".repeat(256) })).toHaveProperty("orderId");
    expect(errorsOf({ orderId: "has space" })).toHaveProperty("orderId");
    expect(errorsOf({ orderId: "" })).toHaveProperty("orderId");
  });

  it("amount: a positive decimal with a period and no more decimals than the currency has", () => {
    expect(errorsOf({ amount: "12,50" })).toHaveProperty("amount");
    expect(errorsOf({ amount: "0" })).toHaveProperty("amount");
    expect(errorsOf({ amount: "1.123", fiatCurrency: "EUR" })).toEqual({
      amount: "EUR amounts have at most 2 decimals.",
    });
    expect(errorsOf({ amount: "1.12", fiatCurrency: "EUR" })).toEqual({});
    expect(errorsOf({ amount: "1.10", fiatCurrency: "USD" })).toEqual({});
    expect(errorsOf({ amount: "1200.5", fiatCurrency: "JPY" })).toEqual({
      amount: "JPY amounts have no decimals.",
    });
    expect(errorsOf({ amount: "1200", fiatCurrency: "JPY" })).toEqual({});
    expect(errorsOf({ amount: "1200.00", fiatCurrency: "JPY" })).toEqual({});
  });

  it("amount: at most 15 digits before the decimal point", () => {
    expect(errorsOf({ amount: "9".repeat(15) })).toEqual({});
    expect(errorsOf({ amount: "1".repeat(40) })).toEqual({
      amount: "That amount is too large: at most 15 digits before the decimal point.",
    });
  });

  it("extra data: a number JavaScript would round is refused, the same number as text is kept", () => {
    expect(errorsOf({ extraData: '{"ref": 123456789012345678901234567890}' })).toEqual({
      extraData: "The number 123456789012345678901234567890 would lose digits: put it in quotes, as text.",
    });
    expect(errorsOf({ extraData: '{"big": 1e400}' })).toHaveProperty("extraData");
    expect(
      errorsOf({ extraData: '{"ref": "123456789012345678901234567890", "n": [1, 2.5, -0.1, 1e3]}' }),
    ).toEqual({});
    const parsed = invoiceFormSchema.parse({
      ...valid,
      extraData: '{"ref": "123456789012345678901234567890"}',
    });
    expect(toServiceInput(parsed).additionalData).toEqual({ ref: "123456789012345678901234567890" });
  });

  it("extra data: a JSON object up to 255 KB, without the reserved user_id", () => {
    const padding = (size: number) => JSON.stringify({ pad: "x".repeat(size - 10) });
    expect(padding(255 * 1024)).toHaveLength(255 * 1024);
    expect(errorsOf({ extraData: padding(255 * 1024) })).toEqual({});
    expect(errorsOf({ extraData: padding(255 * 1024 + 1) })).toHaveProperty("extraData");
    expect(errorsOf({ extraData: "[1, 2]" })).toHaveProperty("extraData");
    expect(errorsOf({ extraData: "{not json" })).toHaveProperty("extraData");
    expect(errorsOf({ extraData: '{"user_id": "x"}' })).toHaveProperty("extraData");
  });

  it("URLs are full http(s) addresses or empty", () => {
    expect(errorsOf({ webhookUrl: "https://merchant.example/hook" })).toEqual({});
    expect(errorsOf({ webhookUrl: "ftp://x" })).toHaveProperty("webhookUrl");
    expect(errorsOf({ returnUrl: "nope" })).toHaveProperty("returnUrl");
  });

  it("currency and network go together", () => {
    expect(errorsOf({ currency: "USDT" })).toHaveProperty("network");
    expect(errorsOf({ network: "TRON" })).toHaveProperty("currency");
    expect(errorsOf({ currency: "USDT", network: "TRON" })).toEqual({});
  });

  it("currency and network are ones the service offers together", () => {
    expect(errorsOf({ currency: "USDT", network: "MOON" })).toEqual({
      network: "USDT is offered on TRON, ETH, BSC: choose one of those networks.",
    });
    expect(errorsOf({ currency: "DOGE", network: "TRON" })).toEqual({
      currency: "Choose one of the listed crypto currencies.",
    });
  });

  it("puts the customer id into additional_data.user_id next to the extra data", () => {
    const parsed = invoiceFormSchema.parse({ ...valid, customerId: "c-1", extraData: '{"ref": "A-17"}' });
    expect(toServiceInput(parsed)).toMatchObject({
      orderId: "inv_test",
      amount: "10.50",
      lifetime: 3600,
      accuracyPaymentPercent: 0,
      additionalData: { ref: "A-17", user_id: "c-1" },
    });
  });
});
