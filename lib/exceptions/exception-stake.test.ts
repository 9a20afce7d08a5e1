import { describe, expect, it } from "vitest";
import { exceptionStake, fiatAtInvoiceRate } from "./exception-stake";

/** 120 EUR asked as 130.434783 USDT (the sandbox's 0.92 EUR per USDT, rounded up). */
const invoice = {
  amount: "120.00",
  fiatCurrency: "EUR",
  cryptoAmount: "130.434783",
  remainingCryptoAmount: null,
  currency: "USDT",
};

describe("what an exception puts at stake", () => {
  it("is the excess of an overpayment, with its fiat at the invoice's own rate", () => {
    expect(exceptionStake({ ...invoice, status: "overpaid", received: "150" })).toEqual({
      kind: "overpaid",
      crypto: "19.565217",
      currency: "USDT",
      fiat: "18.00",
      fiatCurrency: "EUR",
    });
  });

  it("is what is missing of an underpayment: the service's figure when it gave one, else asked minus received", () => {
    expect(exceptionStake({ ...invoice, status: "underpaid", received: "129.434783" })).toMatchObject({
      kind: "underpaid",
      crypto: "1",
      fiat: "0.92",
    });
    expect(
      exceptionStake({ ...invoice, status: "underpaid", received: "100", remainingCryptoAmount: "30.5" }),
    ).toMatchObject({ crypto: "30.5", fiat: "28.06" });
  });

  it("is all that came after the invoice expired", () => {
    expect(exceptionStake({ ...invoice, status: "expired", received: "5" })).toMatchObject({
      kind: "expired_with_payment",
      crypto: "5",
      fiat: "4.60",
    });
  });

  it("is nothing for a paid invoice, an expired one that received nothing, or one with no coin yet", () => {
    expect(exceptionStake({ ...invoice, status: "paid", received: "130.434783" })).toBeNull();
    expect(exceptionStake({ ...invoice, status: "expired", received: "0" })).toBeNull();
    expect(exceptionStake({ ...invoice, status: "overpaid", received: "150", currency: null })).toBeNull();
  });

  it("has no fiat figure without a crypto amount to take the rate from", () => {
    expect(
      exceptionStake({ ...invoice, cryptoAmount: null, status: "expired", received: "5" }),
    ).toMatchObject({ crypto: "5", fiat: null });
  });
});

describe("fiat at the invoice's rate", () => {
  it("rounds half up to the currency's minor units: none for JPY, three for KWD", () => {
    expect(fiatAtInvoiceRate("1", { amount: "1500", fiatCurrency: "JPY", cryptoAmount: "10" })).toBe("150");
    expect(fiatAtInvoiceRate("1", { amount: "10", fiatCurrency: "JPY", cryptoAmount: "4" })).toBe("3");
    expect(fiatAtInvoiceRate("1", { amount: "1", fiatCurrency: "KWD", cryptoAmount: "3" })).toBe("0.333");
    expect(fiatAtInvoiceRate("0.005", { amount: "1", fiatCurrency: "EUR", cryptoAmount: "1" })).toBe("0.01");
  });

  it("stays exact where floats drift", () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; 3 × 0.1 EUR per unit is 0.30 exactly.
    expect(fiatAtInvoiceRate("3", { amount: "0.1", fiatCurrency: "EUR", cryptoAmount: "1" })).toBe("0.30");
    expect(
      fiatAtInvoiceRate("123456789.123456", { amount: "1", fiatCurrency: "USD", cryptoAmount: "1" }),
    ).toBe("123456789.12");
  });

  it("is null when the invoice has no crypto amount", () => {
    expect(fiatAtInvoiceRate("1", { amount: "10", fiatCurrency: "EUR", cryptoAmount: null })).toBeNull();
    expect(fiatAtInvoiceRate("1", { amount: "10", fiatCurrency: "EUR", cryptoAmount: "0" })).toBeNull();
  });
});
