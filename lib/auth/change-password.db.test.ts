import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, users, userSessions } from "@/lib/db/schema";
import { SoftwareAuthenticator } from "@/test-support/software-authenticator";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";

/**
 * Issue 23: everyone changes their own password, with the current one and a fresh second factor
 * where they have one; every other session of theirs ends. Wrong current passwords count against
 * the sign-in limit, so this page is no way round it to guess.
 */
vi.mock("@/lib/db/client", () => ({ getDb: async () => ({}), getDbHandle: async () => ({}) }));
process.env.NEXTAUTH_SECRET = "change-password-test-secret-0123";
process.env.PAYDESK_STEP_UP_MINUTES = "10";
// The public URL people open: the relying party's id and the origin passkeys answer for.
process.env.NEXTAUTH_URL = "https://paydesk.example";
const ORIGIN = "https://paydesk.example";

const { changeOwnPassword } = await import("./change-password");
const { createLoginLimiter, memoryCounters } = await import("./login-rate-limit");
const { createCodeLimiter } = await import("./code-limiter");
const { checkCredentials } = await import("./sign-in");
const { readLiveSession, startSession } = await import("./sessions");
const { isRuleError } = await import("./rule-error");
const { appSecretKey } = await import("./two-factor/app-key");
const { confirmEnrollment, pendingSecret, spendSecondFactor } = await import("./two-factor/store");
const { verifyPassword } = await import("./password");
const { relyingPartyOf } = await import("./passkeys/relying-party");
const { registrationOptions, registerPasskey } = await import("./passkeys/registration");
const { assertionOptions } = await import("./passkeys/assertion");

const rpOrNull = relyingPartyOf(process.env, { host: null });
if (!rpOrNull) throw new Error("no relying party");
const rp = rpOrNull;

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
}, 60_000);
afterAll(() => testDb?.close());

const OLD = "the-old-password-42";
const NEW = "pelican mortar quietly 1987";
const MINUTE = 60_000;

async function sessionOf(userId: string, options: { secondFactor?: "totp" | "passkey"; at?: number } = {}) {
  return startSession(testDb.db, {
    userId,
    clientAddress: "192.0.2.20",
    userAgent: "test",
    signedInWith: "password",
    secondFactor: options.secondFactor ?? null,
    now: new Date(options.at ?? Date.now()),
    maxAgeSeconds: 8 * 3600,
  });
}

const actorOf = (user: { id: string; email: string }) => ({
  kind: "user" as const,
  userId: user.id,
  email: user.email,
  clientAddress: "192.0.2.20",
  userAgent: "test",
});

async function fails(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!isRuleError(error)) throw new Error(`expected a RuleError, got ${String(error)}`);
  return error.fieldErrors ?? {};
}

describe("changing one's own password", () => {
  it("ends every other session of theirs, keeps this one, and is recorded with the count", async () => {
    const user = await insertUser(testDb.db, { email: "pat@change.test", password: OLD });
    const here = await sessionOf(user.id);
    const elsewhere = [await sessionOf(user.id), await sessionOf(user.id)];
    const limiter = await createLoginLimiter();

    const { sessionsEnded } = await changeOwnPassword(
      testDb.db,
      { userId: user.id, sessionId: here.id, actor: actorOf(user) },
      { currentPassword: OLD, password: NEW },
      { limiter },
    );
    expect(sessionsEnded).toBe(2);
    expect((await readLiveSession(testDb.db, here.id)).status).toBe("live");
    for (const session of elsewhere)
      expect((await readLiveSession(testDb.db, session.id)).status).toBe("ended");

    const guard = {
      passwords: limiter,
      codes: await createCodeLimiter(memoryCounters),
      secretKey: appSecretKey(),
    };
    const client = { address: "192.0.2.21", userAgent: "test" };
    expect((await checkCredentials(testDb.db, guard, { email: user.email, password: OLD }, client)).ok).toBe(
      false,
    );
    expect((await checkCredentials(testDb.db, guard, { email: user.email, password: NEW }, client)).ok).toBe(
      true,
    );

    const entries = await testDb.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "user.password_changed"));
    expect(entries).toEqual([expect.objectContaining({ actorId: user.id, after: { sessionsEnded: 2 } })]);
    expect(JSON.stringify(entries)).not.toContain(NEW);
  });

  it("refuses a wrong current password on its field, and each one counts against signing in", async () => {
    const user = await insertUser(testDb.db, { email: "guess@change.test", password: OLD });
    const here = await sessionOf(user.id);
    const limiter = await createLoginLimiter();
    const who = { userId: user.id, sessionId: here.id, actor: actorOf(user) };
    for (let i = 0; i < 5; i++) {
      const errors = await fails(
        changeOwnPassword(testDb.db, who, { currentPassword: `guess-${i}`, password: NEW }, { limiter }),
      );
      expect(errors.currentPassword?.[0]).toBe("That is not your current password.");
    }
    // The right one now waits too, here and at sign-in.
    expect(
      (await fails(changeOwnPassword(testDb.db, who, { currentPassword: OLD, password: NEW }, { limiter })))
        .currentPassword?.[0],
    ).toMatch(/Too many wrong passwords/);
    const guard = {
      passwords: limiter,
      codes: await createCodeLimiter(memoryCounters),
      secretKey: appSecretKey(),
    };
    const answer = await checkCredentials(
      testDb.db,
      guard,
      { email: user.email, password: OLD },
      { address: "192.0.2.99", userAgent: "test" },
    );
    expect(answer).toMatchObject({
      ok: false,
      message: expect.stringMatching(/Too many failed sign-in attempts/),
    });
  });

  it("refuses a weak new password with the reason, and the current one again", async () => {
    const user = await insertUser(testDb.db, { email: "weak@change.test", password: OLD });
    const who = { userId: user.id, sessionId: (await sessionOf(user.id)).id, actor: actorOf(user) };
    const limiter = await createLoginLimiter();
    expect(
      (
        await fails(
          changeOwnPassword(testDb.db, who, { currentPassword: OLD, password: "password1234" }, { limiter }),
        )
      ).password?.[0],
    ).toMatch(/commonly used password/);
    expect(
      (await fails(changeOwnPassword(testDb.db, who, { currentPassword: OLD, password: OLD }, { limiter })))
        .password?.[0],
    ).toMatch(/current password/);
  });

  it("with two-factor on and this session's confirmation stale, asks for a fresh code, then takes it", async () => {
    const user = await insertUser(testDb.db, { email: "fin@change.test", password: OLD, role: "finance" });
    const enrolledAt = Date.now() - 30 * MINUTE;
    const secret = (await pendingSecret(testDb.db, appSecretKey(), user.id)) ?? "";
    await testDb.db.transaction(async (tx) => {
      const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: enrolledAt });
      await spendSecondFactor(tx, appSecretKey(), user.id, code, new Date(enrolledAt), {
        allowRecovery: false,
        pending: true,
      });
      await confirmEnrollment(tx, user.id, new Date(enrolledAt));
    });
    const here = await sessionOf(user.id, { secondFactor: "totp", at: Date.now() - 20 * MINUTE });
    const who = { userId: user.id, sessionId: here.id, actor: actorOf(user) };
    const limiter = await createLoginLimiter();

    const errors = await fails(
      changeOwnPassword(testDb.db, who, { currentPassword: OLD, password: NEW }, { limiter }),
    );
    expect(errors.code?.[0]).toMatch(/fresh code/);
    const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
    await changeOwnPassword(testDb.db, who, { currentPassword: OLD, password: NEW, code }, { limiter });
    expect((await readLiveSession(testDb.db, here.id)).status).toBe("live");
  });

  it("for someone whose only second factor is a passkey, takes a fresh passkey confirmation of this session", async () => {
    const user = await insertUser(testDb.db, { email: "pk@change.test", password: OLD, role: "finance" });
    const here = await sessionOf(user.id, { secondFactor: "passkey", at: Date.now() - 20 * MINUTE });
    const who = { userId: user.id, sessionId: here.id, actor: actorOf(user) };
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const registration = await registrationOptions(testDb.db, rp, { user, sessionId: here.id });
    const registered = await testDb.db.transaction((tx) =>
      registerPasskey(tx, rp, who, { name: "Laptop", response: authenticator.register(registration) }),
    );
    if (!registered.ok) throw new Error(`registration refused: ${registered.reason}`);
    // Registering is no confirmation of the session: it is still 20 minutes old.
    await testDb.db
      .update(userSessions)
      .set({ confirmedAt: new Date(Date.now() - 20 * MINUTE) })
      .where(eq(userSessions.id, here.id));
    const limiter = await createLoginLimiter();
    const options = { limiter, relyingParty: rp };

    const errors = await fails(
      changeOwnPassword(testDb.db, who, { currentPassword: OLD, password: NEW }, options),
    );
    expect(errors.code?.[0]).toMatch(/passkey/);
    const prompt = await assertionOptions(testDb.db, rp, {
      purpose: "confirm",
      userId: user.id,
      sessionId: here.id,
      allow: [{ id: registered.passkey.credentialId }],
    });
    await changeOwnPassword(
      testDb.db,
      who,
      { currentPassword: OLD, password: NEW, passkey: authenticator.answer(prompt) },
      options,
    );
    const [row] = await testDb.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row?.passwordHash ?? "", NEW)).toBe(true);
  });
});
