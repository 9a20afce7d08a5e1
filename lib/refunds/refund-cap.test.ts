import fc from "fast-check";
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { WITHDRAWAL_STATES, type WithdrawalState } from "@/lib/db/schema";
import { fitsUnderCap, refundableLeft, refundCounts } from "./refund-cap";

describe("the refund cap", () => {
  it("subtracts every refund that can still move money, and only those", () => {
    const counted = WITHDRAWAL_STATES.filter(refundCounts);
    expect(WITHDRAWAL_STATES.filter((state) => !refundCounts(state))).toEqual([
      "rejected",
      "cancelled",
      "closed",
    ]);
    // A failed refund may be sent again after fresh approvals: it still holds its part.
    expect(counted).toContain("failed");
    expect(counted).toContain("needs_review");
    const refunds = WITHDRAWAL_STATES.map((state) => ({ amount: "1", state }));
    expect(refundableLeft({ currency: "USDT", received: "20", refunds })).toBe(
      (20 - counted.length).toFixed(6),
    );
  });

  it("works at the coin's precision: 6 decimals for USDT, 8 for BTC, rounding what was received down", () => {
    expect(refundableLeft({ currency: "USDT", received: "10.1234569", refunds: [] })).toBe("10.123456");
    expect(refundableLeft({ currency: "BTC", received: "0.123456789", refunds: [] })).toBe("0.12345678");
    const refunds = [{ amount: "0.000001", state: "paid" as const }];
    expect(fitsUnderCap({ currency: "USDT", received: "0.000002", refunds }, "0.000001")).toBe(true);
    expect(fitsUnderCap({ currency: "USDT", received: "0.000002", refunds }, "0.0000011")).toBe(false);
  });

  it("never goes below zero, even when refunds already exceed what was received", () => {
    const refunds = [{ amount: "5", state: "paid" as const }];
    expect(refundableLeft({ currency: "ETH", received: "4", refunds })).toBe("0.00000000");
    expect(fitsUnderCap({ currency: "ETH", received: "4", refunds }, "0.00000001")).toBe(false);
  });

  it("agrees with exact decimal arithmetic for any refunds (no float drift)", () => {
    const amount = fc
      .bigInt({ min: 1n, max: 10n ** 14n })
      .map((units) => new Decimal(units.toString()).dividedBy(1e6).toFixed());
    const state = fc.constantFrom<WithdrawalState>(...WITHDRAWAL_STATES);
    fc.assert(
      fc.property(
        amount,
        fc.array(fc.record({ amount, state }), { maxLength: 6 }),
        amount,
        (received, refunds, next) => {
          const held = refunds
            .filter((refund) => refundCounts(refund.state))
            .reduce((sum, refund) => sum.plus(refund.amount), new Decimal(0));
          const exact = new Decimal(received).minus(held).plus(0);
          expect(fitsUnderCap({ currency: "USDT", received, refunds }, next)).toBe(exact.gte(next));
        },
      ),
    );
  });
});
