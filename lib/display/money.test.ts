import { describe, expect, it } from "vitest";
import { fiatMinorUnits, formatCrypto, formatFiat, formatMoney } from "./money";

describe("formatFiat", () => {
  it("writes each currency with its own minor units and grouping", () => {
    expect(formatFiat("12500.5", "EUR", "en-US")).toBe("12,500.50 EUR");
    expect(formatFiat("49.9", "USD", "en-US")).toBe("49.90 USD");
    expect(formatFiat("120", "EUR", "en-US")).toBe("120.00 EUR");
    expect(formatFiat("1200", "JPY", "en-US")).toBe("1,200 JPY");
    expect(formatFiat("1.5", "KWD", "en-US")).toBe("1.500 KWD");
  });

  it("knows 0, 2 and 3 minor units", () => {
    expect(fiatMinorUnits("JPY")).toBe(0);
    expect(fiatMinorUnits("EUR")).toBe(2);
    expect(fiatMinorUnits("BHD")).toBe(3);
    expect(fiatMinorUnits("not a code")).toBe(2);
  });

  it("uses the person's number format", () => {
    expect(formatFiat("12500.5", "EUR", "de-DE")).toBe("12.500,50 EUR");
    expect(formatFiat("1234567.891", "KWD", "en-IN")).toBe("12,34,567.891 KWD");
  });

  it("keeps amounts beyond a float's precision exact", () => {
    expect(formatFiat("123456789012345.67", "USD", "en-US")).toBe("123,456,789,012,345.67 USD");
  });
});

describe("formatCrypto", () => {
  it("shows the coin's precision with trailing zeros trimmed to two", () => {
    expect(formatCrypto("19.565217", "USDT", "en-US")).toBe("19.565217 USDT");
    expect(formatCrypto("150", "USDT", "en-US")).toBe("150.00 USDT");
    expect(formatCrypto("150.100000", "USDT", "en-US")).toBe("150.10 USDT");
  });

  it("handles coins with 6, 8 and 18 decimals", () => {
    expect(formatCrypto("0.000001", "TRX", "en-US")).toBe("0.000001 TRX");
    expect(formatCrypto("0.00012000", "BTC", "en-US")).toBe("0.00012 BTC");
    expect(formatCrypto("1.23456789", "BTC", "en-US")).toBe("1.23456789 BTC");
    expect(formatCrypto("0.000000000000000001", "ETH", "en-US", 18)).toBe("0.000000000000000001 ETH");
    expect(formatCrypto("12345.678901234567890123", "ETH", "en-US", 18)).toBe(
      "12,345.678901234567890123 ETH",
    );
    expect(formatCrypto("0.1234567", "USDT", "en-US")).toBe("0.123457 USDT");
  });

  it("groups in the person's format", () => {
    expect(formatCrypto("12345.5", "USDT", "de-DE")).toBe("12.345,50 USDT");
  });
});

describe("formatMoney", () => {
  it("chooses by the unit", () => {
    expect(formatMoney("19.565217", "USDT", "en-US")).toBe("19.565217 USDT");
    expect(formatMoney("18", "EUR", "en-US")).toBe("18.00 EUR");
  });
});
