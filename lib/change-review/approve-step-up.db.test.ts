import { Secret, TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionState } from "@/lib/auth/current-user";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";

/**
 * Issue 35: approving a pending change asks for a fresh second factor, as approving a payout
 * does: the second admin's approval is what lets a role grant or a password reset apply.
 */
const state = vi.hoisted(() => ({
  db: undefined as unknown,
  session: { status: "signed-out" } as SessionState,
}));
vi.mock("@/lib/auth/current-user", () => ({ readSession: async () => state.session }));
vi.mock("@/lib/db/client", () => ({ getDb: async () => state.db, getDbHandle: async () => ({}) }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ host: "paydesk.test" }) }));
process.env.NEXTAUTH_SECRET = "approve-step-up-test-secret";
process.env.PAYDESK_STEP_UP_MINUTES = "10";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
  state.db = testDb.db;
});
afterAll(() => testDb.close());
afterEach(() => vi.useRealTimers());

const T0 = Date.UTC(2026, 10, 28, 9, 0, 5);
const MINUTE = 60_000;
const PASSWORD = "a-long-password-1";
const codeAt = (secret: string, at: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });

describe("approving a pending change", () => {
  it("asks an enrolled admin whose session confirmed its second factor too long ago for a fresh one", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0);
    const { pendingSecret, spendSecondFactor, confirmEnrollment } =
      await import("@/lib/auth/two-factor/store");
    const { appSecretKey } = await import("@/lib/auth/two-factor/app-key");
    const { checkCredentials } = await import("@/lib/auth/sign-in");
    const { createLoginLimiter, memoryCounters } = await import("@/lib/auth/login-rate-limit");
    const { createCodeLimiter } = await import("@/lib/auth/code-limiter");
    const { changeRole } = await import("@/lib/users/user-changes");
    const { approveChangeAction } = await import("./actions");

    const ada = await insertUser(testDb.db, { email: "ada@approve.test", password: PASSWORD, role: "admin" });
    const bob = await insertUser(testDb.db, { email: "bob@approve.test", password: PASSWORD, role: "admin" });
    const sam = await insertUser(testDb.db, { email: "sam@approve.test", password: PASSWORD });
    const secret = (await pendingSecret(testDb.db, appSecretKey(), bob.id)) ?? "";
    await testDb.db.transaction(async (tx) => {
      await spendSecondFactor(tx, appSecretKey(), bob.id, codeAt(secret, T0), new Date(T0), {
        allowRecovery: false,
        pending: true,
      });
      await confirmEnrollment(tx, bob.id, new Date(T0));
    });
    vi.setSystemTime(T0 + MINUTE);
    const signedIn = await checkCredentials(
      testDb.db,
      {
        passwords: await createLoginLimiter(),
        codes: await createCodeLimiter(memoryCounters),
        secretKey: appSecretKey(),
      },
      { email: bob.email, password: PASSWORD, code: codeAt(secret, T0 + MINUTE) },
      { address: "192.0.2.10", userAgent: "test browser" },
    );
    if (!signedIn.ok) throw new Error(signedIn.message);
    const { pending } = await changeRole(
      testDb.db,
      { kind: "user", userId: ada.id, email: ada.email },
      sam.id,
      "finance",
    );
    if (!pending) throw new Error("expected a pending change");

    vi.setSystemTime(T0 + 20 * MINUTE);
    state.session = {
      status: "active",
      user: { id: bob.id, email: bob.email, name: bob.name, role: "admin" },
      ...("sessionId" in signedIn.user ? { sessionId: signedIn.user.sessionId } : {}),
    } as SessionState;

    const without = await approveChangeAction({ id: pending.id });
    expect(without).toMatchObject({
      ok: false,
      fieldErrors: { code: [expect.stringMatching(/fresh code/)] },
    });

    const withCode = await approveChangeAction({ id: pending.id, code: codeAt(secret, T0 + 20 * MINUTE) });
    expect(withCode).toMatchObject({ ok: true });
  });
});
