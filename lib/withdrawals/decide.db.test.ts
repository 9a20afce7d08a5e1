import { newFormToken } from "@/lib/order-id";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { createUser } from "@/lib/users/manage-users";
import { disableUser } from "@/test-support/users";
import { RuleError } from "@/lib/auth/rule-error";
import { approveWithdrawal, cancelWithdrawal, rejectWithdrawal } from "./decide";
import type { ValidWithdrawalForm } from "./form-schema";
import { requestWithdrawal } from "./request-withdrawal";
import { setApprovalThreshold } from "./settings";

let testDb: TestDb;
const ids: Record<string, string> = {};

const form = (overrides: Partial<ValidWithdrawalForm> = {}): ValidWithdrawalForm => ({
  requestToken: newFormToken(),
  amountIn: "fiat",
  amount: "",
  fiatAmount: "500",
  fiatCurrency: "USD",
  currency: "USDT",
  network: "TRON",
  address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
  isSubtract: true,
  customerId: "",
  reason: "refund",
  ...overrides,
});

beforeAll(async () => {
  testDb = await createTestDb();
  for (const [name, role] of [
    ["support", "support"],
    ["finance", "finance"],
    ["finance2", "finance"],
    ["finance3", "finance"],
    ["admin", "admin"],
  ] as const) {
    ids[name] = (
      await createUser(testDb.db, { email: `${name}@example.com`, name, role, password: "a-long-password-1" })
    ).id;
  }
});
afterAll(() => testDb.close());

const id = (name: string) => ids[name] as string;

describe("approving on the server", () => {
  it("refuses the requester, a role without the permission, and a disabled approver", async () => {
    const request = await requestWithdrawal(testDb.db, form(), id("finance"));
    await expect(approveWithdrawal(testDb.db, request.id, id("finance"))).rejects.toThrow(/someone else/);
    await expect(approveWithdrawal(testDb.db, request.id, id("admin"))).rejects.toThrow(
      /role cannot approve/,
    );
    await disableUser(testDb.db, id("finance3"));
    await expect(approveWithdrawal(testDb.db, request.id, id("finance3"))).rejects.toThrow(/disabled/);
    expect(await approveWithdrawal(testDb.db, request.id, id("finance2"))).toMatchObject({
      fullyApproved: true,
    });
  });

  it("above the threshold, needs two different approvers", async () => {
    await setApprovalThreshold(testDb.db, { amount: "1000", fiatCurrency: "USD" }, id("admin"));
    const small = await requestWithdrawal(testDb.db, form({ fiatAmount: "1000" }), id("support"));
    const large = await requestWithdrawal(testDb.db, form({ fiatAmount: "1000.01" }), id("support"));
    expect(small.requiredApprovals).toBe(1);
    expect(large.requiredApprovals).toBe(2);

    expect(await approveWithdrawal(testDb.db, large.id, id("finance"))).toMatchObject({
      fullyApproved: false,
    });
    await expect(approveWithdrawal(testDb.db, large.id, id("finance"))).rejects.toThrow(RuleError);
    expect(await approveWithdrawal(testDb.db, large.id, id("finance2"))).toMatchObject({
      fullyApproved: true,
      withdrawal: { state: "approved" },
    });
    await setApprovalThreshold(testDb.db, null, id("admin"));
  });

  it("two approvers at once on a one-approval request: one approves, the other is told it is decided", async () => {
    const request = await requestWithdrawal(testDb.db, form(), id("support"));
    const results = await Promise.allSettled([
      approveWithdrawal(testDb.db, request.id, id("finance")),
      approveWithdrawal(testDb.db, request.id, id("finance2")),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.find((result) => result.status === "rejected")?.reason).toBeInstanceOf(RuleError);
  });

  it("only the requester cancels, and only before a decision; a rejection keeps its reason", async () => {
    const request = await requestWithdrawal(testDb.db, form(), id("support"));
    await expect(cancelWithdrawal(testDb.db, request.id, id("finance"))).rejects.toThrow(
      /Only the person who requested/,
    );
    expect(await cancelWithdrawal(testDb.db, request.id, id("support"))).toMatchObject({
      state: "cancelled",
    });
    await expect(approveWithdrawal(testDb.db, request.id, id("finance"))).rejects.toThrow(
      /no longer awaiting approval/,
    );

    const other = await requestWithdrawal(testDb.db, form(), id("support"));
    expect(await rejectWithdrawal(testDb.db, other.id, id("finance"), "No invoice attached")).toMatchObject({
      state: "rejected",
      rejectionReason: "No invoice attached",
    });
    await expect(cancelWithdrawal(testDb.db, other.id, id("support"))).rejects.toThrow(/decided already/);
  });

  it("rejects by the same rule as it approves: finance never rejects their own request", async () => {
    const request = await requestWithdrawal(testDb.db, form(), id("finance"));
    await expect(rejectWithdrawal(testDb.db, request.id, id("finance"), "Not needed")).rejects.toThrow(
      /You requested this withdrawal, so someone else must decide it: you cannot reject it. To withdraw it, cancel the request instead./,
    );
    await expect(rejectWithdrawal(testDb.db, request.id, id("admin"), "Not needed")).rejects.toThrow(
      /role cannot reject/,
    );
    expect(await rejectWithdrawal(testDb.db, request.id, id("finance2"), "Not needed")).toMatchObject({
      state: "rejected",
    });
  });
});
