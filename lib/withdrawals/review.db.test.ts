import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withdrawals } from "@/lib/db/schema";
import type { ServiceClient } from "@/lib/service";
import { Unavailable } from "@/lib/service/errors";
import { createUser } from "@/lib/users/manage-users";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { seedWithdrawal } from "@/test-support/withdrawal-rows";
import { closeWithdrawal, confirmNothingSent } from "./close";
import { keepRetrying } from "./review";
import { MAX_SUBMIT_ATTEMPTS, submitWithdrawal } from "./submit-withdrawal";
import { withdrawalTrail } from "./trail";

let testDb: TestDb;
let requester: string;
let finance: string;
let finance2: string;
beforeAll(async () => {
  testDb = await createTestDb();
  const make = (email: string, role: "support" | "finance") =>
    createUser(testDb.db, { email, name: email, role, password: "a-long-password-1" }).then(
      (user) => user.id,
    );
  requester = await make("requester@review.test", "finance");
  finance = await make("finance@review.test", "finance");
  finance2 = await make("finance2@review.test", "finance");
});
afterAll(() => testDb.close());

/** A service that never answers: every attempt's outcome is unknown. */
const silent = {
  callBudgetMs: 1_000,
  createWithdrawal: async () => {
    throw new Unavailable("timeout", "no answer");
  },
} as unknown as ServiceClient;

const stateOf = async (id: string) =>
  (await testDb.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]?.state;

describe("a withdrawal whose outcome stays unknown", () => {
  it("past the resubmit cap needs review; the requester can neither retry nor close it; another person can", async () => {
    const stuck = await seedWithdrawal(testDb.db, requester, {
      orderId: "wd_stuck",
      state: "unknown",
      submitAttempts: MAX_SUBMIT_ATTEMPTS - 1,
    });
    expect(await submitWithdrawal(testDb.db, silent, stuck.id, { source: "loop" })).toMatchObject({
      result: "unknown",
      withdrawal: { state: "needs_review", nextSubmitAt: null },
    });
    await expect(keepRetrying(testDb.db, stuck.id, requester)).rejects.toThrow(/someone else in finance/);
    await expect(closeWithdrawal(testDb.db, stuck.id, requester, "checked")).rejects.toThrow(
      /someone else in finance/,
    );
    expect(await stateOf(stuck.id)).toBe("needs_review");

    expect(await keepRetrying(testDb.db, stuck.id, finance)).toMatchObject({
      state: "unknown",
      submitAttempts: 0,
    });
    expect(await submitWithdrawal(testDb.db, silent, stuck.id, { source: "loop" })).toMatchObject({
      withdrawal: { state: "unknown" },
    });
  });

  it("is closed by two people in finance other than the requester, with the reason in its trail", async () => {
    const stuck = await seedWithdrawal(testDb.db, requester, { orderId: "wd_closed", state: "needs_review" });
    const proposed = await closeWithdrawal(
      testDb.db,
      stuck.id,
      finance,
      "The service confirms it was never paid.",
    );
    expect(proposed).toMatchObject({ outcome: "proposed", withdrawal: { state: "needs_review" } });
    expect(await confirmNothingSent(testDb.db, stuck.id, finance2)).toMatchObject({ state: "closed" });
    expect((await withdrawalTrail(testDb.db, stuck.id)).slice(-2)).toMatchObject([
      {
        action: "withdrawal.close_proposed",
        actorId: finance,
        reason: "The service confirms it was never paid.",
      },
      {
        action: "withdrawal.closed",
        actorId: finance2,
        fromState: "needs_review",
        toState: "closed",
        reason: expect.stringContaining("The service confirms it was never paid."),
      },
    ]);
    await expect(keepRetrying(testDb.db, stuck.id, finance)).rejects.toThrow(/needs review/);
  });
});
