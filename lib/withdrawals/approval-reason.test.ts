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

  it("says when it cannot compare, and that it takes the safe side", () => {
    expect(whyTwoApprovals(2, limit, { fiatAmount: null, fiatCurrency: null, currency: "USDT" })).toBe(
      "Needs 2 approvals: asked in USDT, whose value Paydesk does not compare with the 1,000.00 EUR limit, so it takes the safe side.",
    );
    expect(whyTwoApprovals(2, limit, { fiatAmount: "900", fiatCurrency: "GBP", currency: "USDT" })).toMatch(
      /^Needs 2 approvals: asked in GBP, which Paydesk does not compare with the 1,000.00 EUR limit/,
    );
  });
});
