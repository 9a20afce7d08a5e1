import { Secret, TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionState } from "@/lib/auth/current-user";
import { FakePayoutService } from "@/test-support/fake-payout-service";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";
import { openedWithdrawalForm } from "@/test-support/withdrawal-rows";

/**
 * Issue 23, finding 2: the fresh code before an approval belongs to the session that gave it. An
 * old session whose confirmation is stale is not refreshed by the owner signing in with a code on
 * another device.
 */
const state = vi.hoisted(() => ({
  db: undefined as unknown,
  session: { status: "signed-out" } as SessionState,
}));
vi.mock("@/lib/auth/current-user", () => ({ readSession: async () => state.session }));
vi.mock("@/lib/db/client", () => ({ getDb: async () => state.db, getDbHandle: async () => ({}) }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("@/lib/service/app-client", () => ({ getServiceClient: () => new FakePayoutService() }));
process.env.NEXTAUTH_SECRET = "step-up-per-session-test-secret";
process.env.PAYDESK_STEP_UP_MINUTES = "10";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
  state.db = testDb.db;
});
afterAll(() => testDb.close());
afterEach(() => vi.useRealTimers());

const T0 = Date.UTC(2026, 10, 25, 9, 0, 5);
const MINUTE = 60_000;
const PASSWORD = "a-long-password-1";

async function signInWithCode(email: string, secret: string, at: number) {
  const { checkCredentials } = await import("./sign-in");
  const { createLoginLimiter, memoryCounters } = await import("./login-rate-limit");
  const { createCodeLimiter } = await import("./code-limiter");
  const { appSecretKey } = await import("./two-factor/app-key");
  vi.setSystemTime(at);
  const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
  const result = await checkCredentials(
    testDb.db,
    {
      passwords: await createLoginLimiter(),
      codes: await createCodeLimiter(memoryCounters),
      secretKey: appSecretKey(),
    },
    { email, password: PASSWORD, code },
    { address: "192.0.2.10", userAgent: "test browser" },
  );
  if (!result.ok) throw new Error(result.message);
  return result.user;
}

describe("issue 23 finding 2: a fresh confirmation belongs to its session", () => {
  it("a stale session's approval asks for a code even after its owner signed in with one elsewhere", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0);
    const { pendingSecret, spendSecondFactor, confirmEnrollment } = await import("./two-factor/store");
    const { appSecretKey } = await import("./two-factor/app-key");
    const { requestWithdrawal } = await import("@/lib/withdrawals/request-withdrawal");
    const { approveWithdrawalAction } = await import("@/lib/withdrawals/actions");
    const support = await insertUser(testDb.db, { email: "s@session.test", password: PASSWORD });
    const finance = await insertUser(testDb.db, {
      email: "f@session.test",
      password: PASSWORD,
      role: "finance",
    });
    const secret = (await pendingSecret(testDb.db, appSecretKey(), finance.id)) ?? "";
    await testDb.db.transaction(async (tx) => {
      const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: T0 });
      await spendSecondFactor(tx, appSecretKey(), finance.id, code, new Date(T0), {
        allowRecovery: false,
        pending: true,
      });
      await confirmEnrollment(tx, finance.id, new Date(T0));
    });

    // Session A signs in with a code, then sits idle past the window.
    const sessionA = await signInWithCode(finance.email, secret, T0 + MINUTE);
    // The owner signs in on another device with a fresh code.
    await signInWithCode(finance.email, secret, T0 + 15 * MINUTE);
    const payout = await requestWithdrawal(testDb.db, openedWithdrawalForm({ amount: "5" }), support.id);

    vi.setSystemTime(T0 + 16 * MINUTE);
    state.session = {
      status: "active",
      user: { id: finance.id, email: finance.email, name: finance.name, role: "finance" },
      ...("sessionId" in sessionA ? { sessionId: sessionA.sessionId } : {}),
    } as SessionState;
    const result = await approveWithdrawalAction({ id: payout.id });

    expect(result).toMatchObject({ ok: false, fieldErrors: { code: [expect.stringMatching(/fresh code/)] } });
  });
});
