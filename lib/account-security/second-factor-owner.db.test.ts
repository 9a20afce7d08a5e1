import { and, eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionState } from "@/lib/auth/current-user";
import {
  auditLog,
  outbox,
  passkeys,
  recoveryCodes,
  userSessions,
  userTwoFactor,
  type Role,
} from "@/lib/db/schema";
import { SoftwareAuthenticator } from "@/test-support/software-authenticator";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser, signedInSession } from "@/test-support/users";

/**
 * Issue 35, "no way around a second factor": a copied session cookie (a session whose password is
 * more than 5 minutes old) cannot add a passkey or an authenticator app, nor see or make recovery
 * codes, whatever its role, even a finance session inside its 10-minute step-up window. The owner,
 * confirming their password (and second factor), can; each change is audited with the session and
 * emailed to them.
 */
const state = vi.hoisted(() => ({
  db: undefined as unknown,
  session: { status: "signed-out" } as SessionState,
}));
vi.mock("@/lib/auth/current-user", () => ({ readSession: async () => state.session }));
vi.mock("@/lib/db/client", () => ({ getDb: async () => state.db, getDbHandle: async () => ({}) }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers({ host: "paydesk.example" }),
}));
vi.mock("@/lib/audit/request-actor", () => ({
  requestActor: async (user: { id: string; email: string }) => ({
    kind: "user",
    userId: user.id,
    email: user.email,
    clientAddress: "192.0.2.66",
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36",
  }),
}));
process.env.NEXTAUTH_SECRET = "second-factor-owner-test-secret";
process.env.NEXTAUTH_URL = "https://paydesk.example";
process.env.PAYDESK_STEP_UP_MINUTES = "10";
// Mail is queued, never sent here: the address only has to be a valid configuration.
process.env.SMTP_URL = "smtp://127.0.0.1:9";
process.env.MAIL_FROM = "paydesk@owner.test";

const { relyingPartyOf } = await import("@/lib/auth/passkeys/relying-party");
const { registrationOptions } = await import("@/lib/auth/passkeys/registration");
const { assertionOptions } = await import("@/lib/auth/passkeys/assertion");
const { addPasskeyAction, removePasskeyAction } = await import("./passkey-actions");
const { startAuthenticatorAppAction, confirmTwoFactorAction, turnOffTwoFactorAction } =
  await import("./two-factor-actions");
const { makeNewRecoveryCodesAction } = await import("./recovery-code-actions");
const { confirmPasswordAction } = await import("@/lib/auth/identity-actions");
const { recordConfirmation } = await import("@/lib/auth/sessions");
const { appSecretKey } = await import("@/lib/auth/two-factor/app-key");
const { confirmEnrollment, pendingSecret, spendSecondFactor } = await import("@/lib/auth/two-factor/store");
const registrationRoute = await import("@/app/api/passkeys/registration-options/route");

const ORIGIN = "https://paydesk.example";
const rpOrNull = relyingPartyOf(process.env, { host: null });
if (!rpOrNull) throw new Error("no relying party");
const rp = rpOrNull;
const PASSWORD = "a-long-password-1";
const MINUTE = 60_000;
const PASSWORD_REFUSAL = {
  ok: false,
  fieldErrors: { password: [expect.stringMatching(/^Confirm it's you/)] },
};

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
  state.db = testDb.db;
});
afterAll(() => testDb.close());

let counter = 0;
/** A person, and a session of theirs signed in with the password `minutesAgo` minutes ago. */
async function personSignedIn(role: Role, minutesAgo: number) {
  counter += 1;
  const user = await insertUser(testDb.db, {
    email: `owner${counter}@example.com`,
    password: PASSWORD,
    role,
  });
  const { session } = await signedInSession(testDb.db, user.id, {
    now: new Date(Date.now() - minutesAgo * MINUTE),
    maxAgeSeconds: 8 * 3600,
  });
  const acting = () => {
    state.session = {
      status: "active",
      user: { id: user.id, email: user.email, name: user.name, role, timeZone: null, numberLocale: null },
      sessionId: session.id,
    };
  };
  acting();
  return { user, sessionId: session.id, acting };
}

const totp = (secret: string, at = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });

/** The authenticator app, set up for the user directly (not through a session). */
async function withApp(userId: string) {
  const secret = (await pendingSecret(testDb.db, appSecretKey(), userId)) ?? "";
  const earlier = Date.now() - 60 * MINUTE;
  await testDb.db.transaction(async (tx) => {
    await spendSecondFactor(tx, appSecretKey(), userId, totp(secret, earlier), new Date(earlier), {
      allowRecovery: false,
      pending: true,
    });
    await confirmEnrollment(tx, userId, new Date(earlier));
  });
  return secret;
}

async function newPasskeyAnswer(p: { user: { id: string; email: string; name: string }; sessionId: string }) {
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  const options = await registrationOptions(testDb.db, rp, { user: p.user, sessionId: p.sessionId });
  return { authenticator, response: authenticator.register(options) };
}

const askRegistrationOptions = (body: object = {}) =>
  registrationRoute.POST(
    new Request(`${ORIGIN}/api/passkeys/registration-options`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
  );

const passkeysOf = (userId: string) => testDb.db.select().from(passkeys).where(eq(passkeys.userId, userId));
const auditOf = async (userId: string) =>
  (await testDb.db.select().from(auditLog).where(eq(auditLog.objectId, userId))).map((entry) => ({
    action: entry.action,
    session: (entry.after as { session?: string } | null)?.session,
  }));
const mailTo = async (email: string) =>
  (await testDb.db.select().from(outbox).where(eq(outbox.toAddress, email))).map((row) => row.subject);

describe("a copied session cookie, its password more than 5 minutes old", () => {
  it("of a support user cannot add a passkey, and the owner is not locked out", async () => {
    const copied = await personSignedIn("support", 6);
    // Even with a prompt of its session (got while it was fresh), the passkey is not kept.
    const { response } = await newPasskeyAnswer(copied);
    expect(await addPasskeyAction({ name: "Attacker", response })).toMatchObject(PASSWORD_REFUSAL);
    expect(await passkeysOf(copied.user.id)).toEqual([]);
    // Nor does it get a prompt now.
    const options = await askRegistrationOptions();
    expect(options.status).toBe(409);
    expect(await options.json()).toMatchObject({ fieldErrors: { password: [expect.any(String)] } });
    expect(
      await testDb.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, copied.user.id)),
    ).toEqual([]);
    expect(await mailTo(copied.user.email)).toEqual([]);
  });

  it("of a viewer cannot set up an authenticator app: neither see its key nor turn it on", async () => {
    const copied = await personSignedIn("viewer", 30);
    // A key it got hold of (the page of an earlier version showed it to any session) does not help.
    const secret = (await pendingSecret(testDb.db, appSecretKey(), copied.user.id)) ?? "";
    expect(await confirmTwoFactorAction({ code: totp(secret) })).toMatchObject(PASSWORD_REFUSAL);
    expect(await startAuthenticatorAppAction({})).toMatchObject(PASSWORD_REFUSAL);
    const [app] = await testDb.db
      .select()
      .from(userTwoFactor)
      .where(eq(userTwoFactor.userId, copied.user.id));
    expect(app?.confirmedAt).toBeNull();
    expect(await auditOf(copied.user.id)).toEqual([]);
  });

  it("of a finance user inside its 10-minute step-up window cannot add or remove a passkey, nor make recovery codes", async () => {
    const copied = await personSignedIn("finance", 20);
    const secret = await withApp(copied.user.id);
    // The owner confirmed a code 3 minutes ago in this session (an approval): the step-up is fresh.
    await recordConfirmation(testDb.db, copied.sessionId, new Date(Date.now() - 3 * MINUTE));
    expect((await askRegistrationOptions()).status).toBe(409);
    const { response } = await newPasskeyAnswer(copied);
    expect(await addPasskeyAction({ name: "Attacker", response })).toMatchObject(PASSWORD_REFUSAL);
    expect(await passkeysOf(copied.user.id)).toEqual([]);
    expect(await makeNewRecoveryCodesAction({ code: totp(secret) })).toMatchObject(PASSWORD_REFUSAL);
    expect(await turnOffTwoFactorAction({ code: totp(secret) })).toMatchObject(PASSWORD_REFUSAL);
    expect(await removePasskeyAction({ id: "0b7c2f9e-3d4a-4c1e-9f00-123456789abc" })).toMatchObject(
      PASSWORD_REFUSAL,
    );
  });
});

describe("the owner, confirming their password", () => {
  it("adds a passkey; the change is audited with the session and emailed", async () => {
    const owner = await personSignedIn("support", 6);
    expect(await confirmPasswordAction({ password: "not my password" })).toMatchObject({
      ok: false,
      fieldErrors: { password: ["That is not your password."] },
    });
    expect(await confirmPasswordAction({ password: PASSWORD })).toMatchObject({ ok: true });
    const options = await askRegistrationOptions();
    expect(options.status).toBe(200);
    const { response } = await newPasskeyAnswer(owner);
    const added = await addPasskeyAction({ name: "Work laptop", response });
    expect(added).toMatchObject({ ok: true, data: { recoveryCodes: expect.any(Array) } });
    expect(await passkeysOf(owner.user.id)).toHaveLength(1);
    expect(await auditOf(owner.user.id)).toEqual([
      { action: "auth.identity_confirm_failed", session: owner.sessionId },
      { action: "auth.identity_confirmed", session: owner.sessionId },
      { action: "passkey.added", session: owner.sessionId },
    ]);
    expect(await mailTo(owner.user.email)).toEqual(["A passkey was added to your Paydesk account"]);
  });

  it("sets up the app, then with a fresh code makes new recovery codes and turns it off; each emailed", async () => {
    const owner = await personSignedIn("finance", 30);
    expect(await confirmPasswordAction({ password: PASSWORD })).toMatchObject({ ok: true });
    const started = await startAuthenticatorAppAction({});
    if (!started.ok) throw new Error(started.message);
    expect(started.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.data.qr).toMatch(/^data:image\/png;base64,/);
    const on = await confirmTwoFactorAction({ code: totp(started.data.secret) });
    expect(on).toMatchObject({ ok: true, data: { recoveryCodes: expect.any(Array) } });

    // Six minutes on, the code and the password are stale: the password is asked first, then a code.
    await testDb.db
      .update(userSessions)
      .set({
        confirmedAt: sql`${userSessions.confirmedAt} - interval '6 minutes'`,
        identityConfirmedAt: sql`${userSessions.identityConfirmedAt} - interval '6 minutes'`,
      })
      .where(eq(userSessions.id, owner.sessionId));
    expect(await makeNewRecoveryCodesAction({})).toMatchObject(PASSWORD_REFUSAL);
    expect(await confirmPasswordAction({ password: PASSWORD })).toMatchObject({ ok: true });
    expect(await makeNewRecoveryCodesAction({})).toMatchObject({
      ok: false,
      fieldErrors: { code: [expect.stringMatching(/fresh code/)] },
    });
    const fresh = await makeNewRecoveryCodesAction({ code: totp(started.data.secret, Date.now() + 30_000) });
    expect(fresh).toMatchObject({ ok: true, data: { recoveryCodes: expect.any(Array) } });
    const oldCodes = on.ok ? on.data.recoveryCodes : [];
    expect(await turnOffTwoFactorAction({ code: oldCodes[0] ?? "" })).toMatchObject({
      ok: false,
      fieldErrors: { code: [expect.stringMatching(/not right/)] },
    });
    const newCodes = fresh.ok ? fresh.data.recoveryCodes : [];
    expect(await turnOffTwoFactorAction({ code: newCodes[0] ?? "" })).toMatchObject({ ok: true });

    const actions = (await auditOf(owner.user.id)).filter((entry) => entry.action.startsWith("user."));
    expect(actions).toEqual([
      { action: "user.two_factor_setup_started", session: owner.sessionId },
      { action: "user.two_factor_enrolled", session: owner.sessionId },
      { action: "user.recovery_codes_replaced", session: owner.sessionId },
      { action: "user.two_factor_reset", session: owner.sessionId },
    ]);
    expect(await mailTo(owner.user.email)).toEqual([
      "An authenticator app was set up for your Paydesk account",
      "New recovery codes were made for your Paydesk account",
      "The authenticator app was turned off for your Paydesk account",
    ]);
  });

  it("removes a passkey after the password and the passkey itself; emailed", async () => {
    const owner = await personSignedIn("support", 1);
    const { authenticator, response } = await newPasskeyAnswer(owner);
    expect(await addPasskeyAction({ name: "Phone", response })).toMatchObject({ ok: true });
    const [key] = await passkeysOf(owner.user.id);
    const prompt = await assertionOptions(testDb.db, rp, {
      purpose: "confirm",
      userId: owner.user.id,
      sessionId: owner.sessionId,
      allow: [{ id: key?.credentialId ?? "" }],
    });
    expect(
      await removePasskeyAction({ id: key?.id ?? "", passkey: authenticator.answer(prompt) }),
    ).toMatchObject({
      ok: true,
    });
    expect(await passkeysOf(owner.user.id)).toEqual([]);
    expect(await mailTo(owner.user.email)).toEqual([
      "A passkey was added to your Paydesk account",
      "A passkey was removed from your Paydesk account",
    ]);
    const [removal] = await testDb.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, owner.user.id), eq(auditLog.action, "passkey.removed")));
    expect(removal?.after).toMatchObject({ session: owner.sessionId, twoFactor: false });
  });
});
