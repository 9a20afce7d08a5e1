import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionState } from "@/lib/auth/current-user";
import { auditLog, passkeys, userSessions } from "@/lib/db/schema";
import { SoftwareAuthenticator } from "@/test-support/software-authenticator";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser, signedInSession } from "@/test-support/users";

/**
 * Issue 23, passkeys: the server's WebAuthn flows against @simplewebauthn/server itself, with a
 * software authenticator (test-support/software-authenticator.ts) giving real answers.
 */
const state = vi.hoisted(() => ({
  db: undefined as unknown,
  session: { status: "signed-out" } as SessionState,
}));
vi.mock("@/lib/auth/current-user", () => ({ readSession: async () => state.session }));
vi.mock("@/lib/db/client", () => ({ getDb: async () => state.db, getDbHandle: async () => ({}) }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
process.env.NEXTAUTH_SECRET = "passkeys-test-secret-0123456789";
// The public URL people open: the relying party's id and the origin passkeys answer for.
process.env.NEXTAUTH_URL = "https://paydesk.example";
process.env.PAYDESK_STEP_UP_MINUTES = "10";

const { relyingPartyOf } = await import("./passkeys/relying-party");
const { registrationOptions, registerPasskey } = await import("./passkeys/registration");
const { assertionOptions } = await import("./passkeys/assertion");
const { signInOptions } = await import("./passkey-sign-in-options");
const { signInWithPasskey } = await import("./passkey-sign-in");
const { checkCredentials, TWO_FACTOR_REQUIRED } = await import("./sign-in");
const { requireFreshCode } = await import("./step-up");
const { isEnrolled } = await import("./two-factor/store");
const { roleMustEnroll } = await import("./two-factor/policy");
const { addPasskeyAction, removePasskeyAction } = await import("@/lib/account-security/passkey-actions");
const { createLoginLimiter, memoryCounters } = await import("./login-rate-limit");
const { createCodeLimiter } = await import("./code-limiter");
const { appSecretKey } = await import("./two-factor/app-key");
const { isRuleError } = await import("./rule-error");

const ORIGIN = "https://paydesk.example";
const rpOrNull = relyingPartyOf(process.env, { host: "ignored.example" });
if (!rpOrNull) throw new Error("no relying party");
const rp = rpOrNull;
const PASSWORD = "a-long-password-1";
const MINUTE = 60_000;
const CLIENT = { address: "192.0.2.10", userAgent: "test browser" };

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
  state.db = testDb.db;
});
afterAll(() => testDb.close());
afterEach(() => vi.useRealTimers());

let counter = 0;
async function person(role: "admin" | "finance" | "support" = "finance") {
  counter += 1;
  const user = await insertUser(testDb.db, { email: `pk${counter}@example.com`, password: PASSWORD, role });
  const { session } = await signedInSession(testDb.db, user.id, { maxAgeSeconds: 8 * 3600 });
  return { user, sessionId: session.id, who: { userId: user.id, sessionId: session.id } };
}

/** Registers a passkey for the person in their session, as the passkeys page does. */
async function withPasskey(
  role: "admin" | "finance" | "support" = "finance",
  authenticator = new SoftwareAuthenticator(ORIGIN),
) {
  const p = await person(role);
  const options = await registrationOptions(testDb.db, rp, { user: p.user, sessionId: p.sessionId });
  const registered = await testDb.db.transaction((tx) =>
    registerPasskey(tx, rp, p.who, { name: "Laptop", response: authenticator.register(options) }),
  );
  if (!registered.ok) throw new Error(`registration refused: ${registered.reason}`);
  return { ...p, authenticator, passkey: registered.passkey };
}

const signIn = (answer: unknown, now?: Date) =>
  signInWithPasskey(
    testDb.db,
    { relyingParty: rp, browserSecret: process.env.NEXTAUTH_SECRET, now: now && (() => now) },
    { response: JSON.stringify(answer) },
    CLIENT,
  );

async function confirmPrompt(who: { userId: string; sessionId: string }) {
  const keys = await testDb.db.select().from(passkeys).where(eq(passkeys.userId, who.userId));
  return assertionOptions(testDb.db, rp, {
    purpose: "confirm",
    userId: who.userId,
    sessionId: who.sessionId,
    allow: keys.map((key) => ({ id: key.credentialId })),
  });
}

/** requireFreshCode's verdict: "passed", or the message it gives on the code field. */
function stepUp(
  who: { userId: string; sessionId: string },
  proof: Parameters<typeof requireFreshCode>[2],
  now = new Date(),
) {
  return testDb.db
    .transaction((tx) => requireFreshCode(tx, who, proof, { now, windowMinutes: 10, relyingParty: rp }))
    .then(
      () => "passed",
      (error: unknown) => {
        if (!isRuleError(error)) throw error;
        return error.fieldErrors?.code?.[0] ?? "no code field";
      },
    );
}

const stored = async (id: string) => (await testDb.db.select().from(passkeys).where(eq(passkeys.id, id)))[0];

describe("registering a passkey", () => {
  it("keeps the credential's id and public key under the person's name for it", async () => {
    const { user, passkey, authenticator } = await withPasskey();
    const row = await stored(passkey.id);
    expect(row).toMatchObject({
      userId: user.id,
      name: "Laptop",
      credentialId: authenticator.credentials[0]?.id.toString("base64url"),
      counter: 0,
      lastUsedAt: null,
    });
    expect(row?.publicKey.length).toBeGreaterThan(60);
  });

  it("refuses an answer to a registration prompt of another session, or one answered already", async () => {
    const p = await person();
    const other = await signedInSession(testDb.db, p.user.id);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const options = await registrationOptions(testDb.db, rp, { user: p.user, sessionId: other.session.id });
    const response = authenticator.register(options);
    const inThisSession = await registerPasskey(testDb.db, rp, p.who, { name: "Phone", response });
    expect(inThisSession).toEqual({ ok: false, reason: "expired" });
    const inItsSession = { userId: p.user.id, sessionId: other.session.id };
    expect((await registerPasskey(testDb.db, rp, inItsSession, { name: "Phone", response })).ok).toBe(true);
    expect(await registerPasskey(testDb.db, rp, inItsSession, { name: "Phone", response })).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("refuses a passkey made for another site (origin)", async () => {
    const p = await person();
    const options = await registrationOptions(testDb.db, rp, { user: p.user, sessionId: p.sessionId });
    const response = new SoftwareAuthenticator("https://paydesk.example.evil.test").register(options);
    expect(await registerPasskey(testDb.db, rp, p.who, { name: "Phone", response })).toEqual({
      ok: false,
      reason: "invalid",
    });
  });
});

describe("signing in with a passkey", () => {
  it("verifies the answer, starts a session confirmed by the passkey, and bumps the counter and last use", async () => {
    const { user, passkey, authenticator } = await withPasskey();
    const now = new Date(Date.now() + 1000);
    const result = await signIn(
      authenticator.answer(await signInOptions(testDb.db, rp, undefined, "s")),
      now,
    );
    expect(result).toMatchObject({ ok: true, user: { id: user.id } });
    if (!result.ok) return;
    const [session] = await testDb.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.id, result.user.sessionId));
    expect(session).toMatchObject({ secondFactor: "passkey", confirmedAt: now });
    expect(await stored(passkey.id)).toMatchObject({ counter: 1, lastUsedAt: now });
    const [entry] = await testDb.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, user.id))
      .then((rows) => rows.filter((row) => row.action === "auth.signed_in"));
    expect(entry?.note).toMatch(/passkey “Laptop”/);
    expect(JSON.stringify(entry)).not.toContain(Buffer.from(passkey.publicKey).toString("base64url"));
  });

  it("with an email, accepts only that account's passkeys, and tells nobody whether it has any", async () => {
    const alice = await withPasskey();
    const bob = await withPasskey();
    const forAlice = await signInOptions(testDb.db, rp, alice.user.email, "s");
    expect(forAlice.allowCredentials?.map((c) => c.id)).toEqual([alice.passkey.credentialId]);
    // Bob's passkey answering Alice's prompt (a browser would not offer it; a script could).
    const answer = bob.authenticator.answer(forAlice, { credentialId: bob.passkey.credentialId });
    expect(await signIn(answer)).toEqual({ ok: false, message: expect.stringMatching(/not registered/) });

    const nobody = await signInOptions(testDb.db, rp, "nobody@example.com", "s");
    const noPasskey = await signInOptions(testDb.db, rp, (await person()).user.email, "s");
    expect(nobody.allowCredentials).toHaveLength(1);
    expect(noPasskey.allowCredentials).toHaveLength(1);
    expect(nobody.allowCredentials?.[0]?.id).toEqual(
      (await signInOptions(testDb.db, rp, "nobody@example.com", "s")).allowCredentials?.[0]?.id,
    );
    // The same shape for a real passkey and a made-up one: no transports on either.
    const shapes = [forAlice, nobody, noPasskey].map((options) =>
      options.allowCredentials?.map((entry) => Object.keys(entry).sort().join(",")),
    );
    expect(shapes).toEqual([["id,type"], ["id,type"], ["id,type"]]);
  });

  it("refuses a replayed answer, an expired prompt, no user verification, and a counter that goes backwards", async () => {
    const { authenticator } = await withPasskey();
    const options = await signInOptions(testDb.db, rp, undefined, "s");
    const answer = authenticator.answer(options);
    expect((await signIn(answer)).ok).toBe(true);
    expect(await signIn(answer)).toEqual({
      ok: false,
      message: expect.stringMatching(/expired or was already answered/),
    });

    const late = authenticator.answer(await signInOptions(testDb.db, rp, undefined, "s"));
    expect(await signIn(late, new Date(Date.now() + 3 * MINUTE))).toEqual({
      ok: false,
      message: expect.stringMatching(/expired/),
    });

    const unverified = authenticator.answer(await signInOptions(testDb.db, rp, undefined, "s"), {
      userVerified: false,
    });
    expect(await signIn(unverified)).toEqual({
      ok: false,
      message: expect.stringMatching(/did not verify you/),
    });

    const cloned = authenticator.answer(await signInOptions(testDb.db, rp, undefined, "s"), { counter: 1 });
    expect(await signIn(cloned)).toEqual({
      ok: false,
      message: expect.stringMatching(/could not be verified/),
    });
  });

  it("refuses a sign-in prompt's answer where a confirmation is expected, and the other way round", async () => {
    const { who, authenticator } = await withPasskey();
    const signInAnswer = authenticator.answer(await signInOptions(testDb.db, rp, undefined, "s"));
    expect(await stepUp(who, { passkey: signInAnswer })).toMatch(/expired or was already answered/);
    const confirmAnswer = authenticator.answer(await confirmPrompt(who));
    expect((await signIn(confirmAnswer)).ok).toBe(false);
  });

  it("refuses a disabled account's passkey", async () => {
    const { user, authenticator } = await withPasskey();
    const { disableUser } = await import("@/test-support/users");
    await disableUser(testDb.db, user.id);
    const result = await signIn(authenticator.answer(await signInOptions(testDb.db, rp, undefined, "s")));
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/disabled/) });
  });
});

describe("a passkey as the second factor", () => {
  it("makes a passkey-only admin enrolled: the requirement of admin and finance is met", async () => {
    const { user } = await withPasskey("admin");
    expect(roleMustEnroll(user.role, false)).toBe(true);
    expect(await isEnrolled(testDb.db, user.id)).toBe(true);
    // The password alone no longer signs in: a second factor is asked for.
    const result = await checkCredentials(
      testDb.db,
      {
        passwords: await createLoginLimiter(),
        codes: await createCodeLimiter(memoryCounters),
        secretKey: appSecretKey(),
      },
      { email: user.email, password: PASSWORD },
      CLIENT,
    );
    expect(result).toEqual({ ok: false, message: TWO_FACTOR_REQUIRED });
  });

  it("confirms a stale session before an approval, for that session only", async () => {
    const a = await withPasskey();
    const b = { userId: a.user.id, sessionId: (await signedInSession(testDb.db, a.user.id)).session.id };
    expect(await stepUp(a.who, undefined)).toMatch(/Confirm with your passkey/);
    // Session B's prompt, answered, does not count for session A.
    const forB = a.authenticator.answer(await confirmPrompt(b));
    expect(await stepUp(a.who, { passkey: forB })).toMatch(/expired or was already answered/);
    expect(await stepUp(a.who, { passkey: a.authenticator.answer(await confirmPrompt(a.who)) })).toBe(
      "passed",
    );
    // A is now confirmed; B is not.
    expect(await stepUp(a.who, undefined)).toBe("passed");
    expect(await stepUp(b, undefined)).toMatch(/Confirm with your passkey/);
  });

  it("refuses a confirmation without user verification, or another user's passkey", async () => {
    const a = await withPasskey();
    const other = await withPasskey();
    const unverified = a.authenticator.answer(await confirmPrompt(a.who), { userVerified: false });
    expect(await stepUp(a.who, { passkey: unverified })).toMatch(/did not verify you/);
    const prompt = await confirmPrompt(a.who);
    const foreign = other.authenticator.answer(prompt, { credentialId: other.passkey.credentialId });
    expect(await stepUp(a.who, { passkey: foreign })).toMatch(/not registered/);
  });

  it("lets a passkey-only user sign in with a recovery code when the passkey is lost", async () => {
    const p = await person("finance");
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    actAs(p);
    const response = authenticator.register(
      await registrationOptions(testDb.db, rp, { user: p.user, sessionId: p.sessionId }),
    );
    const added = await addPasskeyAction({ name: "Security key", response });
    expect(added).toMatchObject({ ok: true });
    const codes = (added.ok && added.data.recoveryCodes) || [];
    expect(codes).toHaveLength(10);
    const result = await checkCredentials(
      testDb.db,
      {
        passwords: await createLoginLimiter(),
        codes: await createCodeLimiter(memoryCounters),
        secretKey: appSecretKey(),
      },
      { email: p.user.email, password: PASSWORD, code: codes[0] },
      CLIENT,
    );
    expect(result).toMatchObject({ ok: true, user: { id: p.user.id } });
  });
});

function actAs(p: {
  user: { id: string; email: string; name: string; role: "admin" | "finance" | "support" | "viewer" };
  sessionId: string;
}) {
  state.session = {
    status: "active",
    user: { ...p.user, timeZone: null, numberLocale: null },
    sessionId: p.sessionId,
  };
}

describe("managing one's passkeys", () => {
  it("removing a passkey needs a fresh second factor; the last one gone, the recovery codes go too", async () => {
    const p = await person("support");
    actAs(p);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const first = await addPasskeyAction({
      name: "Laptop",
      response: authenticator.register(
        await registrationOptions(testDb.db, rp, { user: p.user, sessionId: p.sessionId }),
      ),
    });
    expect(first.ok && first.data.recoveryCodes).toHaveLength(10);
    const [row] = await testDb.db.select().from(passkeys).where(eq(passkeys.userId, p.user.id));
    if (!row) throw new Error("no passkey");

    // The session never confirmed a second factor: removal asks for one.
    expect(await removePasskeyAction({ id: row.id })).toMatchObject({
      ok: false,
      fieldErrors: { code: [expect.stringMatching(/Confirm with your passkey/)] },
    });
    expect(await stored(row.id)).toBeDefined();

    const removed = await removePasskeyAction({
      id: row.id,
      passkey: authenticator.answer(await confirmPrompt(p.who)),
    });
    expect(removed).toMatchObject({
      ok: true,
      data: { message: expect.stringMatching(/no second factor now/) },
    });
    expect(await stored(row.id)).toBeUndefined();
    expect(await isEnrolled(testDb.db, p.user.id)).toBe(false);
    const entries = await testDb.db.select().from(auditLog).where(eq(auditLog.actorId, p.user.id));
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["passkey.added", "auth.second_factor_confirmed", "passkey.removed"]),
    );
  });

  it("never removes another user's passkey", async () => {
    const owner = await withPasskey();
    const intruder = await person("support");
    actAs(intruder);
    expect(await removePasskeyAction({ id: owner.passkey.id })).toMatchObject({ ok: false });
    expect(await stored(owner.passkey.id)).toBeDefined();
  });

  it("turning the app off keeps the recovery codes while a passkey remains", async () => {
    const { user } = await withPasskey("support");
    const store = await import("./two-factor/store");
    await store.pendingSecret(testDb.db, appSecretKey(), user.id);
    await testDb.db.transaction((tx) => store.confirmEnrollment(tx, user.id, new Date()));
    await testDb.db.transaction((tx) => store.removeAuthenticatorApp(tx, user.id));
    expect(await store.appEnrolled(testDb.db, user.id)).toBe(false);
    expect(await store.unusedRecoveryCodeCount(testDb.db, user.id)).toBe(10);
    expect(await isEnrolled(testDb.db, user.id)).toBe(true);
  });

  it("an admin's two-factor reset removes the person's passkeys", async () => {
    const { user, passkey } = await withPasskey("support");
    const { resetTwoFactor } = await import("./two-factor/store");
    await testDb.db.transaction((tx) => resetTwoFactor(tx, user.id));
    expect(await stored(passkey.id)).toBeUndefined();
    expect(await isEnrolled(testDb.db, user.id)).toBe(false);
  });
});
