import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rejectWithdrawal } from "@/lib/withdrawals/decide";
import { requestWithdrawal } from "@/lib/withdrawals/request-withdrawal";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";
import { openedWithdrawalForm } from "@/test-support/withdrawal-rows";
import { readInbox } from "./inbox";

// Issue 37: a notification that asks someone to act clears for everyone once anyone has acted,
// and says who did; it no longer counts as unread.
let testDb: TestDb;
const people: Record<string, string> = {};
beforeAll(async () => {
  testDb = await createTestDb();
  for (const [name, role] of [
    ["support", "support"],
    ["finance", "finance"],
    ["finance2", "finance"],
  ] as const) {
    people[name] = (
      await insertUser(testDb.db, { email: `${name}@example.com`, name, role, password: "a-long-password-1" })
    ).id;
  }
});
afterAll(() => testDb.close());

const approvalTask = async (name: string, withdrawalId: string) => {
  const inbox = await readInbox(testDb.db, people[name] ?? "");
  return {
    unread: inbox.unread,
    item: inbox.items.find(
      (item) => item.kind === "withdrawal.awaiting_approval" && item.href === `/withdrawals/${withdrawalId}`,
    ),
  };
};

describe("tasks in the inbox", () => {
  it("a request to approve waits under Needs you for every approver, and is done for all once one rejects it", async () => {
    const request = await requestWithdrawal(
      testDb.db,
      openedWithdrawalForm({ amount: "3" }),
      people.support ?? "",
    );
    for (const name of ["finance", "finance2"]) {
      expect(await approvalTask(name, request.id)).toMatchObject({
        unread: 1,
        item: { task: true, done: null, read: false },
      });
    }
    await rejectWithdrawal(testDb.db, request.id, people.finance2 ?? "", "Not ours to pay");
    for (const name of ["finance", "finance2"]) {
      const { unread, item } = await approvalTask(name, request.id);
      expect(unread).toBe(0);
      expect(item).toMatchObject({ task: true, read: true, done: { by: "finance2" } });
    }
  });
});
