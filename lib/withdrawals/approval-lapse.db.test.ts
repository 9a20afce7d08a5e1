import { newFormToken } from "@/lib/order-id";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { users, withdrawalApprovals, withdrawals } from "@/lib/db/schema";
import { withdrawalTrail } from "./trail";
import type { ServiceClient } from "@/lib/service";
import type { CreateWithdrawalInput } from "@/lib/service/schemas";
import { withdrawalResponseSchema } from "@/lib/service/responses";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { disableUser } from "@/test-support/users";
import { createUser } from "@/lib/users/manage-users";
import { approveWithdrawal } from "./decide";
import type { ValidWithdrawalForm } from "./form-schema";
import { requestWithdrawal } from "./request-withdrawal";
import { setApprovalThreshold } from "./settings";
import { submitWithdrawal } from "./submit-withdrawal";

// An approval counts only while its approver is still active and still allowed to approve when
// the payout is submitted: otherwise it goes back to awaiting approval, and nothing is sent.

let testDb: TestDb;
const ids: Record<string, string> = {};
const id = (name: string) => ids[name] as string;
const sent: CreateWithdrawalInput[] = [];

/** A service that accepts every payout and remembers what it was sent. */
const service = {
  callBudgetMs: 10_000,
  async createWithdrawal(input: CreateWithdrawalInput) {
    sent.push(input);
    return withdrawalResponseSchema.parse({ id: `svc-${sent.length}`, status: "process", amount: "10" });
  },
} as unknown as ServiceClient;

/** A freshly opened request form (its own order id) each time. */
const form = (): ValidWithdrawalForm => ({
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
});

beforeAll(async () => {
  testDb = await createTestDb();
});
beforeEach(async () => {
  await testDb.db.delete(withdrawals);
  await testDb.db.delete(users);
  sent.length = 0;
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

/** A request approved by `approver`, left in "approved" as if its sender stopped before sending. */
async function approvedBy(...approvers: string[]) {
  const request = await requestWithdrawal(testDb.db, form(), id("support"));
  for (const approver of approvers) await approveWithdrawal(testDb.db, request.id, id(approver));
  return request;
}

const stateOf = async (withdrawalId: string) =>
  (await testDb.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)))[0]?.state;

describe("approvals are checked again when the payout is submitted", () => {
  it("an approval by a since-disabled approver no longer counts: back to awaiting approval, nothing sent", async () => {
    const request = await approvedBy("finance");
    await disableUser(testDb.db, id("finance"));
    const outcome = await submitWithdrawal(testDb.db, service, request.id, { source: "loop" });
    expect(outcome.result).toBe("approvals_lapsed");
    expect(sent).toHaveLength(0);
    expect(await stateOf(request.id)).toBe("awaiting_approval");
    const trail = await withdrawalTrail(testDb.db, request.id);
    expect(trail.at(-1)).toMatchObject({
      fromState: "approved",
      toState: "awaiting_approval",
      reason: expect.stringMatching(
        /Not sent: the approval of finance@example.com no longer counts .* It needs 1 more approval/,
      ),
    });
    // The lapsed approval is gone; another approver approves and the payout is sent once.
    expect(
      await testDb.db
        .select()
        .from(withdrawalApprovals)
        .where(eq(withdrawalApprovals.withdrawalId, request.id)),
    ).toHaveLength(0);
    await approveWithdrawal(testDb.db, request.id, id("finance2"));
    expect((await submitWithdrawal(testDb.db, service, request.id, { source: "loop" })).result).toBe(
      "submitted",
    );
    expect(sent).toHaveLength(1);
  });

  it("an approval by a since-demoted approver no longer counts", async () => {
    const request = await approvedBy("finance");
    await testDb.db
      .update(users)
      .set({ role: "support" })
      .where(eq(users.id, id("finance")));
    expect((await submitWithdrawal(testDb.db, service, request.id, { source: "loop" })).result).toBe(
      "approvals_lapsed",
    );
    expect(sent).toHaveLength(0);
  });

  it("with two approvals needed, one lapsed approval sends it back with the other kept", async () => {
    // Any threshold asks two approvers of a payout in crypto (its fiat value is unknown).
    await setApprovalThreshold(testDb.db, { amount: "100", fiatCurrency: "USD" }, id("admin"));
    onTestFinished(() => setApprovalThreshold(testDb.db, null, id("admin")));
    const request = await approvedBy("finance", "finance2");
    await disableUser(testDb.db, id("finance2"));
    expect((await submitWithdrawal(testDb.db, service, request.id, { source: "loop" })).result).toBe(
      "approvals_lapsed",
    );
    const kept = await testDb.db
      .select()
      .from(withdrawalApprovals)
      .where(eq(withdrawalApprovals.withdrawalId, request.id));
    expect(kept.map((approval) => approval.approverId)).toEqual([id("finance")]);
    await approveWithdrawal(testDb.db, request.id, id("finance3"));
    expect(await stateOf(request.id)).toBe("approved");
  });

  it("a disabled approver's approval does not count toward a second approval either", async () => {
    await setApprovalThreshold(testDb.db, { amount: "100", fiatCurrency: "USD" }, id("admin"));
    onTestFinished(() => setApprovalThreshold(testDb.db, null, id("admin")));
    const request = await requestWithdrawal(testDb.db, form(), id("support"));
    await approveWithdrawal(testDb.db, request.id, id("finance"));
    await disableUser(testDb.db, id("finance"));
    expect(await approveWithdrawal(testDb.db, request.id, id("finance2"))).toMatchObject({
      fullyApproved: false,
    });
    expect(await stateOf(request.id)).toBe("awaiting_approval");
  });

  it("approvals that still count are sent as before", async () => {
    const request = await approvedBy("finance");
    expect((await submitWithdrawal(testDb.db, service, request.id, { source: "user" })).result).toBe(
      "submitted",
    );
    expect(sent).toHaveLength(1);
  });
});
