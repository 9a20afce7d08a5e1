import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditActor } from "@/lib/audit/record";
import { auditLog, users, userSessions, type SignInMethod } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";
import { createCodeLimiter } from "./code-limiter";
import { confirmIdentity, WRONG_PASSWORD } from "./confirm-identity";
import { requireFreshIdentity } from "./fresh-identity";
import {
  CHOOSE_PASSWORD_FIRST_MESSAGE,
  CONFIRM_PASSWORD_MESSAGE,
  SIGN_IN_AGAIN_WITH_COMPANY_MESSAGE,
} from "./fresh-identity-words";
import { createLoginLimiter, LOGIN_LIMITS, memoryCounters } from "./login-rate-limit";
import { isRuleError } from "./rule-error";
import { startSession } from "./sessions";
import { secretKey } from "./two-factor/secret-box";
import { confirmEnrollment, pendingSecret, spendSecondFactor } from "./two-factor/store";

/**
 * Issue 35: a second factor is added or removed only by the person who owns the account. The
 * session must have proved the person's identity (password, or a fresh company sign-in) within 5
 * minutes, and then, if they have a second factor, that factor within 5 minutes too; each proof
 * belongs to the session that gave it.
 */
let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

const key = secretKey("a-test-secret-of-some-length");
const T0 = Date.UTC(2026, 10, 28, 9, 0, 5);
const MINUTE = 60_000;
const PASSWORD = "a-long-password-1";
const codeAt = (secret: string, ms: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: ms });

let people = 0;
async function person(options: { role?: "support" | "viewer" | "finance" } = {}) {
  people += 1;
  return insertUser(testDb.db, { email: `p${people}@fresh.test`, password: PASSWORD, role: options.role });
}

async function sessionOf(
  userId: string,
  at: number,
  signedInWith: SignInMethod = "password",
  secondFactor: "totp" | null = null,
) {
  const session = await startSession(testDb.db, {
    userId,
    clientAddress: "192.0.2.44",
    userAgent: "Test browser/1.0",
    signedInWith,
    secondFactor,
    now: new Date(at),
    maxAgeSeconds: 8 * 3600,
  });
  const actor: AuditActor = { kind: "user", userId, clientAddress: "192.0.2.44" };
  return { userId, sessionId: session.id, actor };
}

async function withApp(userId: string, at: number): Promise<string> {
  const secret = (await pendingSecret(testDb.db, key, userId)) ?? "";
  await testDb.db.transaction(async (tx) => {
    await spendSecondFactor(tx, key, userId, codeAt(secret, at), new Date(at), {
      allowRecovery: false,
      pending: true,
    });
    await confirmEnrollment(tx, userId, new Date(at));
  });
  return secret;
}

/** The guard's answer at `at`: "passed", or the refused field and its message. */
async function guard(
  who: { userId: string; sessionId: string },
  at: number,
  code?: string,
  options: { secondFactorField?: string } = {},
) {
  const limiter = await createCodeLimiter(memoryCounters);
  return testDb.db
    .transaction((tx) =>
      requireFreshIdentity(tx, who, code, { now: new Date(at), limiter, secretKey: key, ...options }),
    )
    .then(
      () => "passed" as const,
      (error: unknown) => {
        if (!isRuleError(error)) throw error;
        return error.fieldErrors ?? {};
      },
    );
}

const confirm = (
  who: Awaited<ReturnType<typeof sessionOf>>,
  password: string,
  at: number,
  limiter?: Awaited<ReturnType<typeof createLoginLimiter>>,
) =>
  (async () => confirmIdentity(testDb.db, who, password, { now: new Date(at), limiter }))().then(
    () => "confirmed" as const,
    (error: unknown) => {
      if (!isRuleError(error)) throw error;
      return error.fieldErrors ?? { _form: [error.message] };
    },
  );

const auditOf = async (userId: string) =>
  (await testDb.db.select().from(auditLog).where(eq(auditLog.objectId, userId))).map((entry) => ({
    action: entry.action,
    session: (entry.after as { session?: string } | null)?.session,
  }));

describe("requireFreshIdentity", () => {
  it("passes within 5 minutes of signing in with the password, and asks for the password after", async () => {
    const user = await person({ role: "viewer" });
    const who = await sessionOf(user.id, T0);
    expect(await guard(who, T0 + 4 * MINUTE)).toBe("passed");
    expect(await guard(who, T0 + 5 * MINUTE + 1)).toEqual({ password: [CONFIRM_PASSWORD_MESSAGE] });
  });

  it("asks a session that signed in with a passkey alone for the password at once", async () => {
    const user = await person();
    const who = await sessionOf(user.id, T0, "passkey");
    expect(await guard(who, T0 + 1000)).toEqual({ password: [CONFIRM_PASSWORD_MESSAGE] });
  });

  it("with a second factor, asks for the password first, then for a code within 5 minutes", async () => {
    const user = await person({ role: "finance" });
    const secret = await withApp(user.id, T0);
    // A copied cookie, an hour old: its password and its code are both stale; the password is asked first.
    const copied = await sessionOf(user.id, T0, "password", "totp");
    expect(await guard(copied, T0 + 60 * MINUTE)).toEqual({ password: [CONFIRM_PASSWORD_MESSAGE] });
    expect(await guard(copied, T0 + 60 * MINUTE, codeAt(secret, T0 + 60 * MINUTE))).toEqual({
      password: [CONFIRM_PASSWORD_MESSAGE],
    });

    // The owner's fresh password; the code given at sign-in is 6 minutes old by now.
    const owner = await sessionOf(user.id, T0 + 100 * MINUTE, "password", "totp");
    expect(await guard(owner, T0 + 103 * MINUTE)).toBe("passed");
    expect(await confirm(owner, PASSWORD, T0 + 104 * MINUTE)).toBe("confirmed");
    const at = T0 + 106 * MINUTE + 1;
    expect(await guard(owner, at)).toEqual({
      code: [expect.stringMatching(/fresh code.*more than 5 minutes old/)],
    });
    expect(await guard(owner, at, "000000")).toEqual({ code: [expect.stringMatching(/not right/)] });
    expect(await guard(owner, at, codeAt(secret, at))).toBe("passed");
  });

  it("puts the second factor's refusal on the field the action names", async () => {
    const user = await person({ role: "finance" });
    await withApp(user.id, T0);
    const who = await sessionOf(user.id, T0, "password", "totp");
    expect(await confirm(who, PASSWORD, T0 + 10 * MINUTE)).toBe("confirmed");
    expect(await guard(who, T0 + 11 * MINUTE, undefined, { secondFactorField: "secondFactor" })).toEqual({
      secondFactor: [expect.stringMatching(/fresh code/)],
    });
    // The password's refusal stays on its own field.
    expect(await guard(who, T0 + 30 * MINUTE, undefined, { secondFactorField: "secondFactor" })).toEqual({
      password: [CONFIRM_PASSWORD_MESSAGE],
    });
  });

  it("never counts another session's confirmation, even the same person's", async () => {
    const user = await person();
    const copied = await sessionOf(user.id, T0);
    const owners = await sessionOf(user.id, T0 + 30 * MINUTE);
    expect(await confirm(owners, PASSWORD, T0 + 31 * MINUTE)).toBe("confirmed");
    expect(await guard(owners, T0 + 32 * MINUTE)).toBe("passed");
    expect(await guard(copied, T0 + 32 * MINUTE)).toEqual({ password: [CONFIRM_PASSWORD_MESSAGE] });
    // Nor another person's session id with this user's id.
    const stranger = await person();
    const strangers = await sessionOf(stranger.id, T0 + 31 * MINUTE);
    expect(await guard({ userId: user.id, sessionId: strangers.sessionId }, T0 + 32 * MINUTE)).toEqual({
      password: [CONFIRM_PASSWORD_MESSAGE],
    });
  });
});

describe("confirmIdentity", () => {
  it("marks this session alone, and is audited with it", async () => {
    const user = await person();
    const one = await sessionOf(user.id, T0);
    const other = await sessionOf(user.id, T0);
    expect(await confirm(one, PASSWORD, T0 + 20 * MINUTE)).toBe("confirmed");
    const rows = await testDb.db.select().from(userSessions).where(eq(userSessions.userId, user.id));
    const confirmedAt = (id: string) => rows.find((row) => row.id === id)?.identityConfirmedAt?.getTime();
    expect(confirmedAt(one.sessionId)).toBe(T0 + 20 * MINUTE);
    expect(confirmedAt(other.sessionId)).toBe(T0);
    expect(await auditOf(user.id)).toEqual([{ action: "auth.identity_confirmed", session: one.sessionId }]);
  });

  it("refuses a wrong password on the password field, audited as a failure, and leaves the session as it was", async () => {
    const user = await person();
    const who = await sessionOf(user.id, T0, "passkey");
    expect(await confirm(who, "not-the-password", T0 + MINUTE)).toEqual({ password: [WRONG_PASSWORD] });
    expect(await guard(who, T0 + MINUTE)).toEqual({ password: [CONFIRM_PASSWORD_MESSAGE] });
    expect(await auditOf(user.id)).toEqual([
      { action: "auth.identity_confirm_failed", session: who.sessionId },
    ]);
  });

  it("counts against the sign-in limit of the email: a copied cookie cannot guess the password", async () => {
    const user = await person();
    const who = await sessionOf(user.id, T0, "passkey");
    const limiter = await createLoginLimiter(LOGIN_LIMITS, memoryCounters);
    for (let i = 0; i < LOGIN_LIMITS.perEmail.points; i += 1) {
      expect(await confirm(who, `guess-${i}`, T0 + MINUTE, limiter)).toEqual({ password: [WRONG_PASSWORD] });
    }
    expect(await confirm(who, PASSWORD, T0 + MINUTE, limiter)).toEqual({
      password: [expect.stringMatching(/^Too many wrong passwords\. Try again in/)],
    });
    expect(await guard(who, T0 + MINUTE)).toEqual({ password: [CONFIRM_PASSWORD_MESSAGE] });
    // The same count as signing in: the email is locked there too.
    expect(await limiter.attempt(user.email, "198.51.100.1")).toMatchObject({ allowed: false });
    const actions = (await auditOf(user.id)).map((entry) => entry.action);
    expect(actions.filter((action) => action === "auth.identity_confirm_failed")).toHaveLength(5);
    expect(actions).toContain("auth.locked_out");
  });

  it("tells a person who signs in with the company's sign-in to sign in again, and one without a password to choose one", async () => {
    const sso = await person();
    await testDb.db
      .update(users)
      .set({ passwordHash: null, ssoIssuer: "https://id.example", ssoSubject: "sub-1" })
      .where(eq(users.id, sso.id));
    const ssoSession = await sessionOf(sso.id, T0, "sso");
    expect(await guard(ssoSession, T0 + 4 * MINUTE)).toBe("passed");
    const ssoRefusal = {
      password: [SIGN_IN_AGAIN_WITH_COMPANY_MESSAGE],
      signInAgain: [SIGN_IN_AGAIN_WITH_COMPANY_MESSAGE],
    };
    expect(await guard(ssoSession, T0 + 6 * MINUTE)).toEqual(ssoRefusal);
    expect(await confirm(ssoSession, "anything at all", T0 + 6 * MINUTE)).toEqual(ssoRefusal);

    const reset = await person();
    await testDb.db.update(users).set({ passwordHash: null }).where(eq(users.id, reset.id));
    const passkeySession = await sessionOf(reset.id, T0, "passkey");
    expect(await guard(passkeySession, T0 + MINUTE)).toEqual({
      password: [CHOOSE_PASSWORD_FIRST_MESSAGE],
      signInAgain: [CHOOSE_PASSWORD_FIRST_MESSAGE],
    });
  });

  it("does not mark a session that has ended", async () => {
    const user = await person();
    const who = await sessionOf(user.id, T0);
    await testDb.db
      .update(userSessions)
      .set({ endedAt: new Date(T0) })
      .where(eq(userSessions.id, who.sessionId));
    expect(await confirm(who, PASSWORD, T0 + 10 * MINUTE)).toEqual({
      _form: ["Your session has ended. Sign in again."],
    });
  });
});
