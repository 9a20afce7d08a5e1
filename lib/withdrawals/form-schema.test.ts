import { describe, expect, it } from "vitest";
import { emptyWithdrawalForm, withdrawalFormSchema, type WithdrawalFormValues } from "./form-schema";

const valid: WithdrawalFormValues = {
  ...emptyWithdrawalForm("wd_test_form"),
  amount: "12.5",
  address: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE",
  reason: "Refund of order 17",
};

function fieldErrors(form: WithdrawalFormValues): Record<string, string[]> {
  const result = withdrawalFormSchema.safeParse(form);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join(".")] ??= []).push(issue.message);
  return errors;
}

describe("the withdrawal request form refuses what the service would refuse after approval", () => {
  it("accepts a payout the service can make", () => {
    expect(fieldErrors(valid)).toEqual({});
    expect(fieldErrors({ ...valid, amount: "0.000001" })).toEqual({});
    expect(fieldErrors({ ...valid, amountIn: "fiat", amount: "", fiatAmount: "150.25" })).toEqual({});
  });

  it("a 40-digit amount is too large, on the amount field", () => {
    expect(fieldErrors({ ...valid, amount: "1".repeat(40) })).toEqual({
      amount: ["That amount is too large: at most 15 digits before the decimal point."],
    });
    expect(
      fieldErrors({ ...valid, amountIn: "fiat", amount: "", fiatAmount: "9".repeat(40) }),
    ).toHaveProperty("fiatAmount");
  });

  it("25 decimals are more than the coin has", () => {
    expect(fieldErrors({ ...valid, amount: `1.${"1".repeat(25)}` })).toEqual({
      amount: ["USDT amounts have at most 6 decimals."],
    });
    expect(
      fieldErrors({ ...valid, currency: "BTC", network: "BTC", address: "", amount: "0.123456789" }),
    ).toHaveProperty("amount", ["BTC amounts have at most 8 decimals."]);
    // Trailing zeros add no precision.
    expect(fieldErrors({ ...valid, amount: "1.500000000" })).toEqual({});
  });

  it("fiat amounts have cents, no more", () => {
    expect(fieldErrors({ ...valid, amountIn: "fiat", amount: "", fiatAmount: "10.005" })).toEqual({
      fiatAmount: ["USD amounts have at most 2 decimals."],
    });
  });

  it("a mistyped address is refused on the address field, as the form shows it", () => {
    expect(fieldErrors({ ...valid, address: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSF" })).toEqual({
      address: [
        "This TRON address looks mistyped: its checksum does not match. Copy it again from the recipient.",
      ],
    });
    expect(fieldErrors({ ...valid, address: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLS" })).toEqual({
      address: ["This is not a TRON address (expected T followed by 33 letters and digits)."],
    });
  });

  it("a burn address is refused on the address field", () => {
    expect(fieldErrors({ ...valid, address: "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb" })).toEqual({
      address: [
        "This is a burn address: nobody can ever spend what is sent to it. Ask the recipient for their own address.",
      ],
    });
  });

  it("an unknown network is refused on the network field", () => {
    expect(fieldErrors({ ...valid, network: "MOON" })).toEqual({
      network: ["USDT is offered on TRON, ETH, BSC: choose one of those networks."],
    });
  });

  it("an unknown currency is refused on the currency field", () => {
    expect(fieldErrors({ ...valid, currency: "DOGE" })).toEqual({
      currency: ["Choose one of the listed crypto currencies."],
    });
    expect(fieldErrors({ ...valid, currency: "constructor" })).toHaveProperty("currency");
  });
});
