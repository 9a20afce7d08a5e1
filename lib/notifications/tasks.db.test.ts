import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withdrawals } from "@/lib/db/schema";
import { approveWithdrawal, rejectWithdrawal } from "@/lib/withdrawals/decide";
import { closeWithdrawal, declineClose } from "@/lib/withdrawals/close";
import { requestWithdrawal } from "@/lib/withdrawals/request-withdrawal";
import { transition } from "@/lib/withdrawals/transition";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";
import { openedWithdrawalForm } from "@/test-support/withdrawal-rows";
import { readInbox } from "./inbox";

let testDb: TestDb;
const people: Record<string, string> = {};
beforeAll(async () => {
  testDb = await createTestDb();
  for (const [name, role, fullName] of [
    ["sam", "support", "Sam Support"],
    ["fin1", "finance", "Fin One"],
    ["fin2", "finance", "Fin Two"],
    ["fin3", "finance", "Fin Three"],
  ] as const) {
    const user = await insertUser(testDb.db, {
      email: `${name}@example.com`,
      name: fullName,
      role,
      password: "a-long-password-1",
    });
    people[name] = user.id;
  }
});
afterAll(() => testDb.close());

const id = (name: string) => people[name] ?? "";
const inboxOf = (name: string) => readInbox(testDb.db, { id: id(name), timeZone: "UTC" });
const taskAbout = async (name: string, withdrawalId: string) =>
  (await inboxOf(name)).tasks.filter((task) => task.href === `/withdrawals/${withdrawalId}`);

describe("a task clears for everyone it asked once one of them does it", () => {
  it("an approval by one person in finance is done for all of them, saying who approved; the count drops", async () => {
    const request = await requestWithdrawal(testDb.db, openedWithdrawalForm({ amount: "3" }), id("sam"));
    for (const name of ["fin1", "fin2", "fin3"]) {
      expect(await taskAbout(name, request.id), name).toMatchObject([
        { kind: "withdrawal.awaiting_approval", done: null },
      ]);
      expect((await inboxOf(name)).count, name).toBe(1);
    }

    await approveWithdrawal(testDb.db, request.id, id("fin2"));

    for (const name of ["fin1", "fin2", "fin3"]) {
      const [task] = await taskAbout(name, request.id);
      expect(task?.done, name).toMatchObject({ how: "Approved", by: "Fin Two" });
      expect(Date.parse(task?.done?.at ?? "")).toBeGreaterThan(Date.now() - 60_000);
      expect((await inboxOf(name)).count, name).toBe(0);
    }
    // The requester is told, as information (not a task of theirs).
    const sam = await inboxOf("sam");
    expect(sam.tasks).toEqual([]);
    expect(sam.information.map((item) => item.kind)).toContain("withdrawal.approved");
    expect(sam.count).toBe(1);
  });

  it("a rejection is done by its rejecter for the others; a failed payout closed by one is done for all", async () => {
    const rejected = await requestWithdrawal(testDb.db, openedWithdrawalForm({ amount: "4" }), id("sam"));
    await rejectWithdrawal(testDb.db, rejected.id, id("fin3"), "Not this week");
    expect((await taskAbout("fin1", rejected.id))[0]?.done).toMatchObject({
      how: "Rejected",
      by: "Fin Three",
    });

    const failed = await requestWithdrawal(testDb.db, openedWithdrawalForm({ amount: "5" }), id("sam"));
    await testDb.db.update(withdrawals).set({ state: "submitted" }).where(eq(withdrawals.id, failed.id));
    await transition(testDb.db, failed.id, { event: "service_failed", source: "webhook" });
    const [waiting] = (await taskAbout("fin1", failed.id)).filter((task) => !task.done);
    expect(waiting).toMatchObject({ kind: "withdrawal.service_failed" });
    expect((await inboxOf("fin2")).count).toBe(1);

    await closeWithdrawal(testDb.db, failed.id, id("fin1"), "The service refunded our balance");
    for (const name of ["fin1", "fin2", "fin3"]) {
      const failedTask = (await taskAbout(name, failed.id)).find(
        (task) => task.kind === "withdrawal.service_failed",
      );
      expect(failedTask?.done, name).toMatchObject({ how: "Closed", by: "Fin One" });
      expect((await inboxOf(name)).count, name).toBe(0);
    }
  });

  it("a proposal declined is no longer asked of the second person", async () => {
    const payout = await requestWithdrawal(testDb.db, openedWithdrawalForm({ amount: "6" }), id("sam"));
    await testDb.db.update(withdrawals).set({ state: "needs_review" }).where(eq(withdrawals.id, payout.id));
    await closeWithdrawal(testDb.db, payout.id, id("fin1"), "Nothing left the wallet");
    const proposed = async (name: string) =>
      (await taskAbout(name, payout.id)).find((task) => task.kind === "withdrawal.close_proposed");
    expect((await proposed("fin2"))?.done).toBeNull();
    expect(await proposed("fin1")).toBeUndefined();

    await declineClose(testDb.db, payout.id, id("fin3"));
    expect((await proposed("fin2"))?.done).toMatchObject({ how: "Closing it was declined", by: "Fin Three" });
  });
});
