import { describe, expect, it } from "vitest";
import { whyTwoApprovals } from "./approval-reason";

const limit = { amount: "1000", fiatCurrency: "EUR" };

describe("why a request needs two approvals", () => {
  it("is said only when it does", () => {
    expect(whyTwoApprovals(1, limit, { fiatAmount: "10", fiatCurrency: "EUR", currency: "USDT" })).toBeNull();
  });

  it("names the amount and the limit when they compare", () => {
    expect(whyTwoApprovals(2, limit, { fiatAmount: "1250", fiatCurrency: "EUR", currency: "USDT" })).toBe(
      "Needs 2 approvals: 1,250.00 EUR is above the 1,000.00 EUR limit.",
    );
  });

  it("values a request in crypto at the service's rate in the limit's currency", () => {
    const crypto = { fiatAmount: null, fiatCurrency: null, currency: "USDT" };
    expect(whyTwoApprovals(2, limit, crypto, { amount: "1100.50", fiatCurrency: "EUR" })).toBe(
      "Needs 2 approvals: worth about 1,100.50 EUR at the service's latest rate, above the 1,000.00 EUR limit.",
    );
    expect(whyTwoApprovals(2, limit, crypto, { amount: "990", fiatCurrency: "EUR" })).toMatch(
      /above the 1,000.00 EUR limit at the rate when last checked \(about 990.00 EUR now\)/,
    );
  });

  it("says when it cannot compare, and that it takes the safe side", () => {
    expect(whyTwoApprovals(2, limit, { fiatAmount: null, fiatCurrency: null, currency: "USDT" })).toBe(
      "Needs 2 approvals: asked in USDT, and the service has quoted no rate for it in EUR in the last 24 hours, so Paydesk cannot compare it with the 1,000.00 EUR limit and takes the safe side.",
    );
    expect(whyTwoApprovals(2, limit, { fiatAmount: "900", fiatCurrency: "GBP", currency: "USDT" })).toMatch(
      /^Needs 2 approvals: asked in GBP, which Paydesk does not compare with the 1,000.00 EUR limit/,
    );
  });
});
