import { describe, expect, it } from "vitest";
import {
  additionalDataSchema,
  createInvoiceInputSchema,
  createWithdrawalInputSchema,
  decimalAmountSchema,
  orderIdSchema,
} from "../schemas";

const ok = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe("input field rules", () => {
  it("order_id: alpha_dash, 1..255", () => {
    expect(ok(orderIdSchema, "inv_01HX-abc")).toBe(true);
    expect(ok(orderIdSchema, "a".repeat(255))).toBe(true);
    expect(ok(orderIdSchema, "a".repeat(256))).toBe(false);
    expect(ok(orderIdSchema, "")).toBe(false);
    for (const bad of ["a b", "a/b", "a.b", "a+b", "a#"]) expect(ok(orderIdSchema, bad)).toBe(false);
  });

  it("amounts: positive decimal strings with a period", () => {
    for (const good of ["1", "0.1", "10.50", "12345678901234567890.123456789", " 5 "])
      expect(ok(decimalAmountSchema, good)).toBe(true);
    for (const bad of ["0", "0.00", "-1", "1,5", "1e3", ".5", "5.", "", "abc", 5])
      expect(ok(decimalAmountSchema, bad)).toBe(false);
  });

  it("additional_data: object, array or null, up to 255 KB", () => {
    expect(ok(additionalDataSchema, { user_id: "1" })).toBe(true);
    expect(ok(additionalDataSchema, [1, 2])).toBe(true);
    expect(ok(additionalDataSchema, null)).toBe(true);
    expect(ok(additionalDataSchema, "text")).toBe(false);
    expect(ok(additionalDataSchema, { big: "x".repeat(255 * 1024) })).toBe(false);
    expect(ok(additionalDataSchema, { fits: "x".repeat(255 * 1024 - 20) })).toBe(true);
    expect(ok(additionalDataSchema, { n: 10n })).toBe(false);
  });
});

describe("createInvoiceInputSchema", () => {
  const base = { orderId: "inv_1", amount: "10", fiatCurrency: "usd" };

  it("normalises the currency code and accepts the optional fields", () => {
    const parsed = createInvoiceInputSchema.parse({
      ...base,
      currency: "USDT",
      network: "tron",
      isPaymentMultiple: false,
      lifetime: 300,
      accuracyPaymentPercent: 2.5,
      webhookUrl: "https://shop.example/hook",
      returnUrl: null,
      additionalData: { user_id: "42" },
    });
    expect(parsed.fiatCurrency).toBe("USD");
  });

  it("enforces lifetime 300..43200, accuracy 0..5 and http(s) URLs", () => {
    expect(ok(createInvoiceInputSchema, { ...base, lifetime: 299 })).toBe(false);
    expect(ok(createInvoiceInputSchema, { ...base, lifetime: 43201 })).toBe(false);
    expect(ok(createInvoiceInputSchema, { ...base, lifetime: 43200 })).toBe(true);
    expect(ok(createInvoiceInputSchema, { ...base, lifetime: 600.5 })).toBe(false);
    expect(ok(createInvoiceInputSchema, { ...base, accuracyPaymentPercent: 5.01 })).toBe(false);
    expect(ok(createInvoiceInputSchema, { ...base, accuracyPaymentPercent: -1 })).toBe(false);
    expect(ok(createInvoiceInputSchema, { ...base, successUrl: "javascript:alert(1)" })).toBe(false);
    expect(ok(createInvoiceInputSchema, { ...base, fiatCurrency: "US" })).toBe(false);
  });
});

describe("createWithdrawalInputSchema", () => {
  const base = { orderId: "wd_1", address: "T123", isSubtract: true };
  it("takes a crypto amount, or a fiat amount with its currency", () => {
    expect(ok(createWithdrawalInputSchema, { ...base, amount: "1" })).toBe(true);
    expect(ok(createWithdrawalInputSchema, { ...base, fiatAmount: "1", fiatCurrency: "EUR" })).toBe(true);
    expect(ok(createWithdrawalInputSchema, { ...base, fiatAmount: "1" })).toBe(false);
    expect(ok(createWithdrawalInputSchema, { ...base, amount: "1", fiatCurrency: "EUR" })).toBe(false);
    expect(
      ok(createWithdrawalInputSchema, { ...base, amount: "1", fiatAmount: "1", fiatCurrency: "EUR" }),
    ).toBe(false);
    expect(ok(createWithdrawalInputSchema, base)).toBe(false);
    expect(ok(createWithdrawalInputSchema, { ...base, amount: "1", address: " " })).toBe(false);
    expect(ok(createWithdrawalInputSchema, { orderId: "wd_1", address: "a", amount: "1" })).toBe(false);
  });
});
