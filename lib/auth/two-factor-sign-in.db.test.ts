import { desc, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";
import { createCodeLimiter } from "./code-limiter";
import { createLoginLimiter, memoryCounters } from "./login-rate-limit";
import { checkCredentials, TWO_FACTOR_REQUIRED, WRONG_CODE, type SignInGuard } from "./sign-in";
import { secretKey } from "./two-factor/secret-box";
import { confirmEnrollment, pendingSecret, resetTwoFactor, spendSecondFactor } from "./two-factor/store";
import { PERIOD_SECONDS } from "./two-factor/totp";

let testDb: TestDb;
afterAll(() => testDb.close());

const key = secretKey("a-test-secret-of-some-length");
const client = { address: "192.0.2.10", userAgent: "Test browser/1.0" };
let clock = Date.UTC(2026, 10, 23, 22, 0, 5);
const STEP_MS = PERIOD_SECONDS * 1000;

async function newGuard(codePoints = 5): Promise<SignInGuard> {
  return {
    passwords: await createLoginLimiter(),
    codes: await createCodeLimiter(memoryCounters, { points: codePoints, durationSeconds: 900 }),
    secretKey: key,
    now: () => new Date(clock),
  };
}

const codeAt = (secret: string, ms = clock) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: ms });

/** Enrolls a fresh user the way the settings page does: pending secret, confirmed with a code. */
async function enrolledUser(email: string) {
  const user = await insertUser(testDb.db, { email, password: "a-long-password-1", role: "finance" });
  const secret = await pendingSecret(testDb.db, key, user.id);
  if (!secret) throw new Error("no pending secret");
  const recovery = await testDb.db.transaction(async (tx) => {
    expect(
      await spendSecondFactor(tx, key, user.id, codeAt(secret), new Date(clock), {
        allowRecovery: false,
        pending: true,
      }),
    ).toBe("totp");
    return confirmEnrollment(tx, user.id, new Date(clock));
  });
  clock += STEP_MS; // the enrollment code's step is used up
  return { user, secret, recovery };
}

async function lastEntries(n: number) {
  return testDb.db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(n);
}

beforeAll(async () => {
  testDb = await createTestDb();
});

describe("sign-in with two-factor", () => {
  it("asks for the code only after the right password", async () => {
    const { user } = await enrolledUser("tf1@example.com");
    const guard = await newGuard();
    expect(
      await checkCredentials(testDb.db, guard, { email: user.email, password: "wrong" }, client),
    ).toMatchObject({
      ok: false,
      message: "Wrong email or password.",
    });
    expect(
      await checkCredentials(testDb.db, guard, { email: user.email, password: "a-long-password-1" }, client),
    ).toEqual({ ok: false, message: TWO_FACTOR_REQUIRED });
  });

  it("signs in with the current code, and refuses the same code again (replay)", async () => {
    const { user, secret } = await enrolledUser("tf2@example.com");
    const guard = await newGuard();
    const credentials = { email: user.email, password: "a-long-password-1", code: codeAt(secret) };
    expect(await checkCredentials(testDb.db, guard, credentials, client)).toMatchObject({ ok: true });
    expect(await checkCredentials(testDb.db, guard, credentials, client)).toEqual({
      ok: false,
      message: WRONG_CODE,
    });
    clock += STEP_MS;
    expect(
      await checkCredentials(testDb.db, guard, { ...credentials, code: codeAt(secret) }, client),
    ).toMatchObject({ ok: true });
  });

  it("accepts each recovery code once", async () => {
    const { user, recovery } = await enrolledUser("tf3@example.com");
    expect(recovery).toHaveLength(10);
    const guard = await newGuard();
    const credentials = {
      email: user.email,
      password: "a-long-password-1",
      code: String(recovery[3]).toUpperCase(),
    };
    expect(await checkCredentials(testDb.db, guard, credentials, client)).toMatchObject({ ok: true });
    expect(await checkCredentials(testDb.db, guard, credentials, client)).toEqual({
      ok: false,
      message: WRONG_CODE,
    });
    const [failed, signedIn, used] = await lastEntries(3);
    expect(failed).toMatchObject({ action: "auth.sign_in_failed", note: "Wrong two-factor code." });
    expect(used).toMatchObject({ action: "user.recovery_code_used", objectId: user.id });
    expect(signedIn).toMatchObject({ action: "auth.signed_in", note: "With a recovery code." });
  });

  it("limits wrong codes per user, and then refuses even the right one", async () => {
    const { user, secret } = await enrolledUser("tf4@example.com");
    const guard = await newGuard(3);
    for (let i = 0; i < 3; i++) {
      const wrong = await checkCredentials(
        testDb.db,
        guard,
        { email: user.email, password: "a-long-password-1", code: "000000" },
        client,
      );
      expect(wrong).toEqual({ ok: false, message: WRONG_CODE });
    }
    const refused = await checkCredentials(
      testDb.db,
      guard,
      { email: user.email, password: "a-long-password-1", code: codeAt(secret) },
      client,
    );
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/Too many wrong codes/) });
    const [entry] = await lastEntries(1);
    expect(entry).toMatchObject({
      action: "auth.locked_out",
      actorId: user.id,
      note: "Too many wrong two-factor codes.",
    });
  });

  it("after a reset, the password alone signs in again", async () => {
    const { user } = await enrolledUser("tf5@example.com");
    await testDb.db.transaction((tx) => resetTwoFactor(tx, user.id));
    expect(
      await checkCredentials(
        testDb.db,
        await newGuard(),
        { email: user.email, password: "a-long-password-1" },
        client,
      ),
    ).toMatchObject({ ok: true });
  });

  it("an unconfirmed enrollment protects nothing and its code is no sign-in code", async () => {
    const user = await insertUser(testDb.db, { email: "tf6@example.com", password: "a-long-password-1" });
    await pendingSecret(testDb.db, key, user.id);
    expect(
      await checkCredentials(
        testDb.db,
        await newGuard(),
        { email: user.email, password: "a-long-password-1" },
        client,
      ),
    ).toMatchObject({ ok: true });
  });
});

describe("sign-in audit entries", () => {
  it("records a sign-in with the address and browser", async () => {
    const user = await insertUser(testDb.db, { email: "audit1@example.com", password: "a-long-password-1" });
    await checkCredentials(
      testDb.db,
      await newGuard(),
      { email: "AUDIT1@example.com", password: "a-long-password-1" },
      client,
    );
    const [entry] = await lastEntries(1);
    expect(entry).toMatchObject({
      action: "auth.signed_in",
      actorKind: "user",
      actorId: user.id,
      actorEmail: "audit1@example.com",
      objectType: "user",
      objectId: user.id,
      clientAddress: "192.0.2.10",
      userAgent: "Test browser/1.0",
    });
  });

  it("records a failed sign-in with the email tried and never the password", async () => {
    await checkCredentials(
      testDb.db,
      await newGuard(),
      { email: "nobody@example.com", password: "secret-password-typed" },
      client,
    );
    const [entry] = await lastEntries(1);
    expect(entry).toMatchObject({
      action: "auth.sign_in_failed",
      actorId: null,
      actorEmail: "nobody@example.com",
    });
    expect(JSON.stringify(entry)).not.toContain("secret-password-typed");
  });

  it("records a lockout once the limit refuses", async () => {
    const guard = await newGuard();
    for (let i = 0; i < 6; i++)
      await checkCredentials(testDb.db, guard, { email: "locked@example.com", password: "nope" }, client);
    const entries = await testDb.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorEmail, "locked@example.com"));
    expect(entries.map((entry) => entry.action).sort()).toEqual(
      [...Array(5).fill("auth.sign_in_failed"), "auth.locked_out"].sort(),
    );
  });

  it("writes nothing when the password was right and the code is still to come", async () => {
    const { user } = await enrolledUser("audit2@example.com");
    const before = (await testDb.db.select().from(auditLog)).length;
    await checkCredentials(
      testDb.db,
      await newGuard(),
      { email: user.email, password: "a-long-password-1" },
      client,
    );
    expect((await testDb.db.select().from(auditLog)).length).toBe(before);
  });
});

describe("an unconfirmed enrollment", () => {
  it("keeps one secret across page loads, and starts afresh after NEXTAUTH_SECRET changed", async () => {
    const user = await insertUser(testDb.db, { email: "pending@example.com", password: "a-long-password-1" });
    const [first, second] = await Promise.all([
      pendingSecret(testDb.db, key, user.id),
      pendingSecret(testDb.db, key, user.id),
    ]);
    expect(first).toMatch(/^[A-Z2-7]{32}$/);
    expect(second).toBe(first);
    expect(await pendingSecret(testDb.db, key, user.id)).toBe(first);
    const otherKey = secretKey("another-secret-of-some-length");
    const fresh = await pendingSecret(testDb.db, otherKey, user.id);
    expect(fresh).toMatch(/^[A-Z2-7]{32}$/);
    expect(fresh).not.toBe(first);
  });

  it("shows no secret once confirmed", async () => {
    const { user } = await enrolledUser("confirmed@example.com");
    expect(await pendingSecret(testDb.db, key, user.id)).toBeNull();
  });
});
