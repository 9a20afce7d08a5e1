import { describe, expect, it } from "vitest";
import { checkApprover, requiredApprovals } from "./approval-policy";

const approver = (id: string, overrides: Partial<{ disabled: boolean; canApprove: boolean }> = {}) => ({
  id,
  role: "finance",
  disabled: false,
  canApprove: true,
  ...overrides,
});

describe("who may approve", () => {
  it("anyone with the permission but the requester", () => {
    expect(checkApprover(approver("b"), { requestedBy: "a", approvedBy: [] })).toEqual({ ok: true });
  });

  it("never the requester", () => {
    expect(checkApprover(approver("a"), { requestedBy: "a", approvedBy: [] })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/someone else/),
    });
  });

  it("never the same person twice", () => {
    expect(checkApprover(approver("b"), { requestedBy: "a", approvedBy: ["b"] })).toMatchObject({
      ok: false,
    });
  });

  it("never a disabled approver or a role without the permission", () => {
    expect(
      checkApprover(approver("b", { disabled: true }), { requestedBy: "a", approvedBy: [] }),
    ).toMatchObject({ ok: false, reason: expect.stringMatching(/disabled/) });
    expect(
      checkApprover(approver("b", { canApprove: false }), { requestedBy: "a", approvedBy: [] }),
    ).toMatchObject({ ok: false });
  });
});

describe("how many approvals", () => {
  const threshold = { amount: "1000", fiatCurrency: "USD" };

  it("one without a threshold", () => {
    expect(requiredApprovals(null, { amount: "1000000", fiatCurrency: "USD" })).toBe(1);
  });

  it("two strictly above the threshold, one at or below it", () => {
    expect(requiredApprovals(threshold, { amount: "1000.00", fiatCurrency: "USD" })).toBe(1);
    expect(requiredApprovals(threshold, { amount: "1000.01", fiatCurrency: "USD" })).toBe(2);
  });

  it("two when the value cannot be compared (other currency or crypto only)", () => {
    expect(requiredApprovals(threshold, { amount: "1", fiatCurrency: "EUR" })).toBe(2);
    expect(requiredApprovals(threshold, null)).toBe(2);
  });
});
