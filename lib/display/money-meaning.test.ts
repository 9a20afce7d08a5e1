import { describe, expect, it } from "vitest";
import { moneyWithMeaning } from "./money-meaning";

describe("money with its meaning", () => {
  it("says whether an amount is the excess or the shortfall, as money", () => {
    expect(moneyWithMeaning("overpaid", "25", "EUR", "en-GB")).toBe("Overpaid by 25.00 EUR");
    expect(moneyWithMeaning("short", "3.2", "USDT", "en-GB")).toBe("Short by 3.20 USDT");
    expect(moneyWithMeaning("paid_after_expiry", "1234.5", "EUR", "de-DE")).toBe(
      "Paid after expiry: 1.234,50 EUR",
    );
  });
});
