import { describe, expect, it } from "vitest";
import { isRuleError, RuleError } from "./rule-error";

describe("RuleError", () => {
  it("puts its message on the one field it names", () => {
    const error = new RuleError("Taken.", { field: "email" });
    expect(error.fieldErrors).toEqual({ email: ["Taken."] });
  });

  it("carries per-field messages of their own, or none for a form error", () => {
    expect(new RuleError("Refused.", { fieldErrors: { amount: ["Too small."] } }).fieldErrors).toEqual({
      amount: ["Too small."],
    });
    expect(new RuleError("Refused.").fieldErrors).toBeUndefined();
  });

  it("is recognised by its brand, not by its class", () => {
    expect(isRuleError(new RuleError("x"))).toBe(true);
    expect(isRuleError(Object.assign(new Error("x"), { [Symbol.for("paydesk.RuleError")]: true }))).toBe(
      true,
    );
    expect(isRuleError(new Error("x"))).toBe(false);
  });
});
