import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANGE_HANDLERS } from "@/lib/change-review/handlers";
import { approveChange } from "@/lib/changes/decide";
import { userSessions, type User } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";
import { ssoCountsAsSecondFactor } from "@/lib/auth/sso/second-factor-setting";
import { signInWithSso } from "@/lib/auth/sso/sso-sign-in";
import { changeSsoSecondFactor } from "./sso-second-factor-change";

let testDb: TestDb;
let ada: User;
let bea: User;
beforeAll(async () => {
  testDb = await createTestDb();
  ada = await insertUser(testDb.db, {
    email: "ada@sso-setting.test",
    role: "admin",
    password: "a-long-password-1",
  });
  bea = await insertUser(testDb.db, {
    email: "bea@sso-setting.test",
    role: "admin",
    password: "a-long-password-1",
  });
  await insertUser(testDb.db, {
    email: "fin@sso-setting.test",
    role: "finance",
    password: "a-long-password-1",
  });
});
afterAll(() => testDb.close());

const as = (admin: User) => ({ kind: "user" as const, userId: admin.id, email: admin.email });

/** A sign-in with the provider, as the setting stands: whether it confirmed the session's second factor. */
async function ssoConfirms(sub: string): Promise<boolean> {
  const result = await signInWithSso(
    testDb.db,
    {
      issuer: "https://id.example.com",
      name: "Example ID",
      countsAsSecondFactor: await ssoCountsAsSecondFactor(testDb.db),
    },
    { sub, email: "fin@sso-setting.test", email_verified: true },
    { address: "192.0.2.50", userAgent: null },
    { sessionMaxAgeSeconds: 3_600 },
  );
  if (!result.ok) throw new Error(result.refusal);
  const [session] = await testDb.db
    .select()
    .from(userSessions)
    .where(eq(userSessions.id, result.user.sessionId));
  return session?.confirmedAt !== null;
}

describe("single sign-on as a second factor", () => {
  it("is off until a second admin approves turning it on; turning it off applies at once", async () => {
    expect(await ssoCountsAsSecondFactor(testDb.db)).toBe(false);
    expect(await ssoConfirms("fin-1")).toBe(false);

    const { pending } = await changeSsoSecondFactor(testDb.db, { ...as(ada), userId: ada.id }, true);
    expect(pending).toMatchObject({ kind: "sso_second_factor", state: "pending" });
    expect(await ssoCountsAsSecondFactor(testDb.db), "not before the approval").toBe(false);
    await expect(
      approveChange(testDb.db, CHANGE_HANDLERS, pending?.id ?? "", { userId: ada.id, actor: as(ada) }),
    ).rejects.toThrow();
    await approveChange(testDb.db, CHANGE_HANDLERS, pending?.id ?? "", { userId: bea.id, actor: as(bea) });
    expect(await ssoCountsAsSecondFactor(testDb.db)).toBe(true);
    expect(await ssoConfirms("fin-1")).toBe(true);

    expect(await changeSsoSecondFactor(testDb.db, { ...as(bea), userId: bea.id }, false)).toEqual({
      pending: null,
    });
    expect(await ssoCountsAsSecondFactor(testDb.db)).toBe(false);
    expect(await ssoConfirms("fin-1")).toBe(false);
    await expect(changeSsoSecondFactor(testDb.db, { ...as(bea), userId: bea.id }, false)).rejects.toThrow(
      "Nothing to change",
    );
  });
});
