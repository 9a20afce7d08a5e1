import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, userSessions, users } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { disableUser, insertUser } from "@/test-support/users";
import { signInWithSso } from "./sso-sign-in";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

const ISSUER = "https://id.example.com";
const provider = { issuer: ISSUER, name: "Example ID", countsAsSecondFactor: false };
const client = { address: "192.0.2.30", userAgent: "test-agent" };
const options = { sessionMaxAgeSeconds: 3_600 };
const signIn = (claims: unknown, countsAsSecondFactor = false) =>
  signInWithSso(testDb.db, { ...provider, countsAsSecondFactor }, claims, client, options);

async function person(email: string, role: "support" | "finance" = "support") {
  return insertUser(testDb.db, {
    email,
    name: email.split("@")[0] ?? email,
    role,
    password: "a-password-never-used",
  });
}

async function failures(email: string) {
  const entries = await testDb.db.select().from(auditLog).where(eq(auditLog.action, "auth.sign_in_failed"));
  return entries.filter((entry) => entry.actorEmail === email).map((entry) => entry.note);
}

describe("signing in with the company's provider", () => {
  it("signs in the user an admin made, by verified email, and binds the provider's subject", async () => {
    const nora = await person("nora@shop.example");
    const result = await signIn({ sub: "okta-001", email: "Nora@Shop.example", email_verified: true });
    expect(result).toMatchObject({ ok: true, user: { id: nora.id, email: "nora@shop.example" } });
    const [row] = await testDb.db.select().from(users).where(eq(users.id, nora.id));
    expect(row).toMatchObject({ ssoIssuer: ISSUER, ssoSubject: "okta-001" });
    const [session] = await testDb.db.select().from(userSessions).where(eq(userSessions.userId, nora.id));
    expect(session).toMatchObject({ signedInWith: "sso", secondFactor: null, confirmedAt: null });
    expect(
      session?.identityConfirmedAt,
      "no auth_time: the provider may have reused an old session",
    ).toBeNull();
  });

  it("proves the person's identity afresh only when the provider authenticated them just now", async () => {
    await person("iris@shop.example");
    const now = Math.floor(Date.now() / 1000);
    const identityConfirmed = async (authTime: number) => {
      const result = await signIn({
        sub: "okta-010",
        email: "iris@shop.example",
        email_verified: true,
        auth_time: authTime,
      });
      if (!result.ok) throw new Error(result.refusal);
      const [session] = await testDb.db
        .select()
        .from(userSessions)
        .where(eq(userSessions.id, result.user.sessionId));
      return session?.identityConfirmedAt !== null;
    };
    expect(await identityConfirmed(now - 10)).toBe(true);
    expect(await identityConfirmed(now - 3 * 3_600)).toBe(false);
  });

  it("keeps the account when the email at the provider changes, and refuses another subject with the old email", async () => {
    const omar = await person("omar@shop.example");
    expect(await signIn({ sub: "okta-002", email: "omar@shop.example", email_verified: true })).toMatchObject(
      {
        ok: true,
      },
    );
    // Omar's address at the provider changed: the binding, not the email, finds him.
    expect(
      await signIn({ sub: "okta-002", email: "omar.k@shop.example", email_verified: true }),
    ).toMatchObject({ ok: true, user: { id: omar.id } });
    // Someone new given Omar's old address is not Omar.
    expect(await signIn({ sub: "okta-999", email: "omar@shop.example", email_verified: true })).toEqual({
      ok: false,
      refusal: "sso_other_subject",
    });
    expect(await failures("omar@shop.example")).toEqual([
      expect.stringContaining("linked to another subject"),
    ]);
  });

  it("refuses an email the provider has not verified, or none", async () => {
    await person("vera@shop.example");
    expect(await signIn({ sub: "okta-003", email: "vera@shop.example", email_verified: false })).toEqual({
      ok: false,
      refusal: "sso_email_unverified",
    });
    expect(await signIn({ sub: "okta-003", email: "vera@shop.example" })).toEqual({
      ok: false,
      refusal: "sso_email_unverified",
    });
    expect(await signIn({ sub: "okta-003" })).toEqual({ ok: false, refusal: "sso_no_email" });
    const [row] = await testDb.db.select().from(users).where(eq(users.email, "vera@shop.example"));
    expect(row?.ssoSubject, "an unverified email binds nothing").toBeNull();
    expect(await failures("vera@shop.example")).toHaveLength(2);
  });

  it("creates nobody: an unknown person is refused and the attempt audited", async () => {
    expect(await signIn({ sub: "okta-004", email: "stranger@else.example", email_verified: true })).toEqual({
      ok: false,
      refusal: "sso_unknown_user",
    });
    expect(await testDb.db.select().from(users).where(eq(users.email, "stranger@else.example"))).toHaveLength(
      0,
    );
    expect(await failures("stranger@else.example")).toEqual([
      "Single sign-on: no Paydesk account for stranger@else.example.",
    ]);
  });

  it("refuses a disabled user, bound or not", async () => {
    const dina = await person("dina@shop.example");
    expect(await signIn({ sub: "okta-005", email: "dina@shop.example", email_verified: true })).toMatchObject(
      {
        ok: true,
      },
    );
    await disableUser(testDb.db, dina.id);
    expect(await signIn({ sub: "okta-005", email: "dina@shop.example", email_verified: true })).toEqual({
      ok: false,
      refusal: "sso_disabled",
    });
  });

  it("confirms the session's second factor only when the merchant counts single sign-on as one", async () => {
    await person("fay@shop.example", "finance");
    const result = await signIn({ sub: "okta-006", email: "fay@shop.example", email_verified: true }, true);
    if (!result.ok) throw new Error(result.refusal);
    const [session] = await testDb.db
      .select()
      .from(userSessions)
      .where(eq(userSessions.id, result.user.sessionId));
    expect(session?.confirmedAt).not.toBeNull();
  });

  it("refuses malformed claims without an error", async () => {
    expect(await signIn({ sub: "" })).toEqual({ ok: false, refusal: "sso_failed" });
    expect(await signIn({ sub: "x".repeat(10_000), email: "a@b.example" })).toEqual({
      ok: false,
      refusal: "sso_failed",
    });
    expect(await signIn(null)).toEqual({ ok: false, refusal: "sso_failed" });
  });
});
