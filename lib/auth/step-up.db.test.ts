import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";
import { createCodeLimiter } from "./code-limiter";
import { memoryCounters } from "./login-rate-limit";
import { isRuleError } from "./rule-error";
import { startSession } from "./sessions";
import { requireFreshCode, sessionConfirmedAt } from "./step-up";
import { secretKey } from "./two-factor/secret-box";
import { confirmEnrollment, pendingSecret, spendSecondFactor } from "./two-factor/store";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

const key = secretKey("a-test-secret-of-some-length");
const T0 = Date.UTC(2026, 10, 23, 22, 0, 5);
const MINUTE = 60_000;
const codeAt = (secret: string, ms: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: ms });

async function enrolledAt(email: string, ms: number) {
  const user = await insertUser(testDb.db, { email, password: "a-long-password-1", role: "finance" });
  const secret = await pendingSecret(testDb.db, key, user.id);
  if (!secret) throw new Error("no pending secret");
  await testDb.db.transaction(async (tx) => {
    await spendSecondFactor(tx, key, user.id, codeAt(secret, ms), new Date(ms), {
      allowRecovery: false,
      pending: true,
    });
    await confirmEnrollment(tx, user.id, new Date(ms));
  });
  // Signed in with that code: the session's first confirmation.
  const session = await startSession(testDb.db, {
    userId: user.id,
    clientAddress: null,
    userAgent: null,
    signedInWith: "password",
    secondFactor: "totp",
    now: new Date(ms),
    maxAgeSeconds: 8 * 3600,
  });
  return { user, secret, who: { userId: user.id, sessionId: session.id } };
}

async function stepUp(
  who: { userId: string; sessionId: string },
  code: string | undefined,
  ms: number,
  points = 5,
) {
  const limiter = await createCodeLimiter(memoryCounters, { points, durationSeconds: 900 });
  return testDb.db
    .transaction((tx) =>
      requireFreshCode(tx, who, code, { now: new Date(ms), windowMinutes: 10, limiter, secretKey: key }),
    )
    .then(
      () => "passed",
      (error: unknown) => {
        if (!isRuleError(error)) throw error;
        return error.fieldErrors?.code?.[0] ?? "no code field";
      },
    );
}

describe("step-up before approving", () => {
  it("does not ask within 10 minutes of the last verified code", async () => {
    const { who } = await enrolledAt("s1@example.com", T0);
    expect(await stepUp(who, undefined, T0 + 9 * MINUTE)).toBe("passed");
  });

  it("asks for a fresh code after 10 minutes, on the code field", async () => {
    const { who } = await enrolledAt("s2@example.com", T0);
    expect(await stepUp(who, undefined, T0 + 11 * MINUTE)).toMatch(/fresh code.*more than 10 minutes old/);
  });

  it("accepts a fresh code, which restarts the window", async () => {
    const { who, secret } = await enrolledAt("s3@example.com", T0);
    const later = T0 + 11 * MINUTE;
    expect(await stepUp(who, codeAt(secret, later), later)).toBe("passed");
    expect((await sessionConfirmedAt(testDb.db, who))?.getTime()).toBe(later);
    expect(await stepUp(who, undefined, later + 5 * MINUTE)).toBe("passed");
  });

  it("refuses the same code twice when every approval asks (window 0)", async () => {
    const { who, secret } = await enrolledAt("s7@example.com", T0);
    const later = T0 + 2 * MINUTE;
    const limiter = await createCodeLimiter(memoryCounters);
    const run = (ms: number) =>
      testDb.db
        .transaction((tx) =>
          requireFreshCode(tx, who, codeAt(secret, later), {
            now: new Date(ms),
            windowMinutes: 0,
            limiter,
            secretKey: key,
          }),
        )
        .then(
          () => "passed",
          (error: Error) => error.message,
        );
    expect(await run(later)).toBe("passed");
    expect(await run(later + 1000)).toMatch(/already used/);
  });

  it("refuses a wrong code, and a recovery code is no step-up code", async () => {
    const { user, who } = await enrolledAt("s4@example.com", T0);
    const recovery = await testDb.db.transaction((tx) => confirmEnrollment(tx, user.id, new Date(T0)));
    expect(await stepUp(who, "123456", T0 + 11 * MINUTE)).toMatch(/not right/);
    expect(await stepUp(who, String(recovery[0]), T0 + 11 * MINUTE)).toMatch(/not right/);
  });

  it("limits wrong codes", async () => {
    const { who, secret } = await enrolledAt("s5@example.com", T0);
    const limiter = await createCodeLimiter(memoryCounters, { points: 2, durationSeconds: 900 });
    const at = T0 + 11 * MINUTE;
    const run = (code: string) =>
      testDb.db
        .transaction((tx) =>
          requireFreshCode(tx, who, code, {
            now: new Date(at),
            windowMinutes: 10,
            limiter,
            secretKey: key,
          }),
        )
        .then(
          () => "passed",
          (error: Error) => error.message,
        );
    await run("000000");
    await run("000000");
    expect(await run(codeAt(secret, at))).toMatch(/Too many wrong codes/);
  });

  it("does not ask a user without two-factor", async () => {
    const user = await insertUser(testDb.db, { email: "s6@example.com", password: "a-long-password-1" });
    expect(await stepUp({ userId: user.id, sessionId: user.id }, undefined, T0)).toBe("passed");
  });
});
