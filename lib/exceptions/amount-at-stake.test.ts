import { describe, expect, it } from "vitest";
import { amountAtStake, type StakeInput } from "./amount-at-stake";

const lateEth: StakeInput = {
  status: "expired",
  amount: "300.00",
  fiatCurrency: "EUR",
  paidFiatAmount: "250.00",
  cryptoAmount: "0.2",
  paidCryptoAmount: "0.123456789",
  remainingCryptoAmount: null,
  currency: "ETH",
};

describe("the crypto at stake in an exception, at the coin's precision", () => {
  it("leaves out what lies beyond the coin's decimals: a refund of all that can be sent leaves 0", () => {
    expect(amountAtStake(lateEth).crypto).toBe("0.12345678 ETH");
    expect(amountAtStake({ ...lateEth, refundedSoFar: "0.12345678" }).crypto).toBe("0 ETH");
  });

  it("an overpayment's excess too; what an underpaid customer still owes is the service's figure as given", () => {
    const overpaid = { ...lateEth, status: "overpaid", cryptoAmount: "0.1" };
    expect(amountAtStake(overpaid).crypto).toBe("0.02345678 ETH");
    const underpaid = { ...lateEth, status: "underpaid", remainingCryptoAmount: "0.076543211" };
    expect(amountAtStake(underpaid).crypto).toBe("0.076543211 ETH");
  });
});
