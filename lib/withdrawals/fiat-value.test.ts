import { describe, expect, it } from "vitest";
import { convertAtRate, payoutFiatValue, type ServiceRate } from "./fiat-value";

const rate = (over: Partial<ServiceRate> = {}): ServiceRate => ({
  coin: "USDT",
  fiatCurrency: "EUR",
  fiatAmount: "10.00",
  cryptoAmount: "11.5",
  invoiceId: "inv-id",
  orderId: "inv_1",
  at: "2026-11-25T20:06:00.000Z",
  basis: "quote",
  ...over,
});

const crypto = (amount: string, currency = "USDT") => ({
  amount,
  currency,
  fiatAmount: null,
  fiatCurrency: null,
});

describe("a payout's fiat value", () => {
  it("converts at the service's rate, exactly, to the currency's minor units", () => {
    expect(payoutFiatValue(crypto("23"), rate())).toEqual({
      kind: "at-rate",
      amount: "20.00",
      currency: "EUR",
      rate: {
        coin: "USDT",
        fiatCurrency: "EUR",
        invoiceId: "inv-id",
        orderId: "inv_1",
        at: "2026-11-25T20:06:00.000Z",
        basis: "quote",
      },
    });
    // 1/3 of 100 EUR: a float would say 33.333333333333336 before rounding; decimal.js rounds 33.33.
    expect(convertAtRate("1", rate({ fiatAmount: "100", cryptoAmount: "3" }))).toBe("33.33");
    expect(convertAtRate("2", rate({ fiatAmount: "100", cryptoAmount: "3" }))).toBe("66.67");
    expect(
      convertAtRate("19.565217", rate({ fiatCurrency: "JPY", fiatAmount: "1500", cryptoAmount: "10" })),
    ).toBe("2935");
    expect(convertAtRate("1", rate({ fiatCurrency: "KWD", fiatAmount: "1", cryptoAmount: "3" }))).toBe(
      "0.333",
    );
  });

  it("is the amount asked for when the payout was asked in fiat", () => {
    expect(
      payoutFiatValue({ amount: null, currency: "USDT", fiatAmount: "100", fiatCurrency: "EUR" }, null),
    ).toEqual({ kind: "asked", amount: "100", currency: "EUR" });
  });

  it("is not known without a rate, with a rate for another coin, or with a rate of nothing", () => {
    expect(payoutFiatValue(crypto("5"), null)).toEqual({ kind: "unknown" });
    expect(payoutFiatValue(crypto("5", "BTC"), rate())).toEqual({ kind: "unknown" });
    expect(payoutFiatValue(crypto("5"), rate({ cryptoAmount: "0" }))).toEqual({ kind: "unknown" });
    expect(payoutFiatValue(crypto("5"), rate({ fiatAmount: "0" }))).toEqual({ kind: "unknown" });
  });
});
