import { describe, expect, it } from "vitest";
import { thresholdFormSchema } from "./threshold-schema";

const issueOf = (amount: string, fiatCurrency: "EUR" | "JPY") => {
  const result = thresholdFormSchema.safeParse({ enabled: true, amount, fiatCurrency });
  return result.success ? null : result.error.issues[0]?.message;
};

describe("the approval threshold's amount", () => {
  it("has no more decimals than its currency", () => {
    expect(issueOf("1000.50", "EUR")).toBeNull();
    expect(issueOf("1000.505", "EUR")).toBe("EUR amounts have at most 2 decimals.");
    expect(issueOf("100000", "JPY")).toBeNull();
    expect(issueOf("100000.5", "JPY")).toBe("JPY amounts have no decimals.");
  });
});
