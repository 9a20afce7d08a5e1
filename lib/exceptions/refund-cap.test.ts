import fc from "fast-check";
import Decimal from "decimal.js";
import { describe, expect, it } from "vitest";
import { WITHDRAWAL_STATES, type WithdrawalState } from "@/lib/db/schema";
import { fitsUnderCap, holdsShare, refundableLeft, refundToSettle } from "./refund-cap";

const share = (state: WithdrawalState, amount = "1", nothingSentAt: Date | null = null) => ({
  amount,
  state,
  nothingSentAt,
});

describe("the refund cap", () => {
  it("subtracts every refund that can still move money, and only those", () => {
    expect(WITHDRAWAL_STATES.filter((state) => !holdsShare(share(state)))).toEqual(["rejected", "cancelled"]);
    // Closed keeps its share until it is established that nothing was sent.
    expect(holdsShare(share("closed", "1", new Date()))).toBe(false);
    // Refused or failed refunds may be sent again; a conflict may have paid: all keep their share.
    for (const state of ["failed", "service_failed", "needs_review", "conflict", "unknown"] as const) {
      expect(holdsShare(share(state, "1", new Date())), state).toBe(true);
    }
    const refunds = WITHDRAWAL_STATES.map((state) => share(state));
    expect(refundableLeft({ currency: "USDT", received: "20", refunds })).toBe(
      (20 - refunds.filter(holdsShare).length).toFixed(6),
    );
  });

  it("works at the coin's precision: 6 decimals for USDT, 8 for BTC, rounding what was received down", () => {
    expect(refundableLeft({ currency: "USDT", received: "10.1234569", refunds: [] })).toBe("10.123456");
    expect(refundableLeft({ currency: "BTC", received: "0.123456789", refunds: [] })).toBe("0.12345678");
    const refunds = [share("paid", "0.000001")];
    expect(fitsUnderCap({ currency: "USDT", received: "0.000002", refunds }, "0.000001")).toBe(true);
    expect(fitsUnderCap({ currency: "USDT", received: "0.000002", refunds }, "0.0000011")).toBe(false);
  });

  it("never goes below zero, even when refunds already exceed what was received", () => {
    const refunds = [share("paid", "5")];
    expect(refundableLeft({ currency: "ETH", received: "4", refunds })).toBe("0.00000000");
    expect(fitsUnderCap({ currency: "ETH", received: "4", refunds }, "0.00000001")).toBe(false);
  });

  it("agrees with exact decimal arithmetic for any refunds (no float drift)", () => {
    const amount = fc
      .bigInt({ min: 1n, max: 10n ** 14n })
      .map((units) => new Decimal(units.toString()).dividedBy(1e6).toFixed());
    const state = fc.constantFrom<WithdrawalState>(...WITHDRAWAL_STATES);
    const refund = fc.record({ amount, state, nothingSentAt: fc.constantFrom(null, new Date(0)) });
    fc.assert(
      fc.property(amount, fc.array(refund, { maxLength: 6 }), amount, (received, refunds, next) => {
        const held = refunds
          .filter(holdsShare)
          .reduce((sum, refund) => sum.plus(refund.amount), new Decimal(0));
        const exact = new Decimal(received).minus(held).plus(0);
        expect(fitsUnderCap({ currency: "USDT", received, refunds }, next)).toBe(exact.gte(next));
      }),
    );
  });
});

describe("what refunds must pay back to settle an exception", () => {
  it("is the excess of an overpayment, and everything received otherwise", () => {
    const usdt = { currency: "USDT", cryptoAmount: "10" };
    expect(refundToSettle("overpaid", { ...usdt, received: "12.5" }).toFixed()).toBe("2.5");
    expect(refundToSettle("underpaid", { ...usdt, received: "9" }).toFixed()).toBe("9");
    expect(refundToSettle("expired_with_payment", { ...usdt, received: "3" }).toFixed()).toBe("3");
  });

  it("is taken at the coin's precision, rounded down: nothing smaller can be sent back", () => {
    expect(
      refundToSettle("expired_with_payment", {
        currency: "ETH",
        received: "0.123456789",
        cryptoAmount: null,
      }).toFixed(),
    ).toBe("0.12345678");
    expect(
      refundToSettle("overpaid", { currency: "USDT", received: "10.0000009", cryptoAmount: "10" }).toFixed(),
    ).toBe("0");
  });
});
