import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountLinks } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";
import { createCodeLimiter } from "../code-limiter";
import { createLoginLimiter, memoryCounters } from "../login-rate-limit";
import { checkCredentials, type SignInGuard } from "../sign-in";
import { secretKey } from "../two-factor/secret-box";
import { BREAK_GLASS_HOURS } from "./break-glass";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

const PASSWORD = "a-long-password-1";
const HOUR = 3_600_000;
const guard = async (ssoRequired: boolean, now = new Date()): Promise<SignInGuard> => ({
  passwords: await createLoginLimiter({
    perEmail: { points: 50, durationSeconds: 60 },
    perAddress: { points: 50, durationSeconds: 60 },
    perKnownBrowser: { points: 50, durationSeconds: 60 },
  }),
  codes: await createCodeLimiter(memoryCounters),
  secretKey: secretKey("a-test-secret-of-some-length"),
  ...(ssoRequired ? { ssoRequired: { name: "Okta" } } : {}),
  now: () => now,
});
const signIn = async (email: string, ssoRequired: boolean, now?: Date) =>
  checkCredentials(
    testDb.db,
    await guard(ssoRequired, now),
    { email, password: PASSWORD },
    {
      address: "192.0.2.40",
      userAgent: "test-agent",
    },
  );

/** A password reset link, used: made on the command line (createdBy null) or by an admin in Paydesk. */
async function usedResetLink(userId: string, madeBy: string | null, usedAt: Date) {
  await testDb.db.insert(accountLinks).values({
    userId,
    kind: "password_reset",
    tokenSha256: `sha-${userId}-${usedAt.getTime()}-${madeBy ?? "cli"}`,
    createdBy: madeBy,
    createdAt: new Date(usedAt.getTime() - HOUR),
    expiresAt: new Date(usedAt.getTime() + HOUR),
    usedAt,
  });
}

describe("password sign-in while single sign-on is required", () => {
  it("is refused with where to sign in instead, for every role, and works again when not required", async () => {
    for (const role of ["support", "finance", "admin"] as const) {
      const email = `${role}-pw@sso.test`;
      await insertUser(testDb.db, { email, role, password: PASSWORD });
      expect(await signIn(email, true)).toEqual({
        ok: false,
        message: expect.stringContaining("Password sign-in is turned off here: sign in with Okta."),
      });
      expect(await signIn(email, false)).toMatchObject({ ok: true });
    }
  });

  it("still answers a wrong password as any wrong password: it tells nothing of the account", async () => {
    await insertUser(testDb.db, { email: "quiet@sso.test", password: PASSWORD });
    const result = await checkCredentials(
      testDb.db,
      await guard(true),
      { email: "quiet@sso.test", password: "not-the-password" },
      { address: "192.0.2.41", userAgent: null },
    );
    expect(result).toEqual({ ok: false, message: "Wrong email or password." });
  });

  it("lets an admin in for a day after choosing a password through a command-line (break-glass) link", async () => {
    const admin = await insertUser(testDb.db, { email: "glass@sso.test", role: "admin", password: PASSWORD });
    const finance = await insertUser(testDb.db, {
      email: "notglass@sso.test",
      role: "finance",
      password: PASSWORD,
    });
    const other = await insertUser(testDb.db, {
      email: "other-admin@sso.test",
      role: "admin",
      password: PASSWORD,
    });
    const now = new Date();
    await usedResetLink(admin.id, null, new Date(now.getTime() - HOUR));
    // The same link for someone not an admin, or made by an admin in Paydesk, is no break-glass.
    await usedResetLink(finance.id, null, new Date(now.getTime() - HOUR));
    await usedResetLink(other.id, admin.id, new Date(now.getTime() - HOUR));

    expect(await signIn("glass@sso.test", true, now)).toMatchObject({ ok: true });
    expect(await signIn("notglass@sso.test", true, now)).toMatchObject({ ok: false });
    expect(await signIn("other-admin@sso.test", true, now)).toMatchObject({ ok: false });
    const later = new Date(now.getTime() + BREAK_GLASS_HOURS * HOUR);
    expect(await signIn("glass@sso.test", true, later), "a day later, it is over").toMatchObject({
      ok: false,
    });
    const links = await testDb.db.select().from(accountLinks).where(eq(accountLinks.userId, admin.id));
    expect(links).toHaveLength(1);
  });
});
