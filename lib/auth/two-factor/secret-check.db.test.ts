import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { userTwoFactor, users } from "@/lib/db/schema";
import { capturedLogger } from "@/test-support/captured-log";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";
import { sealSecret, secretKey } from "./secret-box";
import {
  checkTwoFactorSecrets,
  logUnreadableTwoFactorSecrets,
  twoFactorSecretsWarning,
} from "./secret-check";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());
beforeEach(async () => {
  await testDb.db.delete(userTwoFactor);
  await testDb.db.delete(users);
});

const KEPT = "the-secret-this-database-was-written-with";
const OTHER = "a-new-hosts-own-secret";

async function enrolled(
  email: string,
  sealedWith: string,
  confirmedAt: Date | null = new Date("2026-11-01"),
) {
  const user = await insertUser(testDb.db, { email, password: "a-long-password-1", role: "finance" });
  await testDb.db.insert(userTwoFactor).values({
    userId: user.id,
    secretEncrypted: sealSecret(secretKey(sealedWith), "JBSWY3DPEHPK3PXP"),
    confirmedAt,
  });
  return user;
}

describe("whether this NEXTAUTH_SECRET opens the stored authenticator secrets", () => {
  it("has nothing to say without a confirmed authenticator app (an enrollment left half-way protects nothing)", async () => {
    expect(await checkTwoFactorSecrets(testDb.db, KEPT)).toEqual({ state: "none enrolled" });
    await enrolled("half@example.com", OTHER, null);
    expect(await checkTwoFactorSecrets(testDb.db, KEPT)).toEqual({ state: "none enrolled" });
  });

  it("is readable with the secret the database was written with, and not with another", async () => {
    await enrolled("a@example.com", KEPT);
    await enrolled("b@example.com", KEPT, new Date("2026-11-02"));
    expect(await checkTwoFactorSecrets(testDb.db, KEPT)).toEqual({ state: "readable" });
    expect(await checkTwoFactorSecrets(testDb.db, OTHER)).toEqual({
      state: "unreadable",
      unreadable: 2,
      enrolled: 2,
    });
  });

  it("counts those still locked out once some have set up their app again under the new secret", async () => {
    await enrolled("old@example.com", KEPT, new Date("2026-10-01"));
    await enrolled("again@example.com", OTHER, new Date("2026-11-20"));
    expect(await checkTwoFactorSecrets(testDb.db, OTHER)).toEqual({
      state: "unreadable",
      unreadable: 1,
      enrolled: 2,
    });
  });

  it("logs one error line at start saying what to do, and none when all is well", async () => {
    const store = globalThis as { [key: symbol]: unknown };
    const key = Symbol.for("paydesk.logger");
    const before = store[key];
    const captured = capturedLogger();
    store[key] = captured.log;
    try {
      await enrolled("locked@example.com", KEPT);
      await logUnreadableTwoFactorSecrets(testDb.db, KEPT);
      expect(captured.records()).toEqual([]);
      await logUnreadableTwoFactorSecrets(testDb.db, OTHER);
      const records = captured.records();
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ level: 50 });
      expect(records[0]?.msg).toContain(
        "1 of 1 authenticator app secret(s) cannot be read with this NEXTAUTH_SECRET, so those users cannot sign in: " +
          "the database was written with another NEXTAUTH_SECRET: start with the secret that was kept with the backup",
      );
      expect(JSON.stringify(records)).not.toContain(OTHER);
      // What readiness or the System page shows, until an admin resets that user's two-factor.
      const now = Date.now() + 120_000;
      expect(await twoFactorSecretsWarning(testDb.db, OTHER, now)).toContain("another NEXTAUTH_SECRET");
      const [user] = await testDb.db.select().from(users).where(eq(users.email, "locked@example.com"));
      await testDb.db.delete(userTwoFactor).where(eq(userTwoFactor.userId, user?.id ?? ""));
      expect(await twoFactorSecretsWarning(testDb.db, OTHER, now + 1_000)).toContain(
        "another NEXTAUTH_SECRET",
      );
      expect(await twoFactorSecretsWarning(testDb.db, OTHER, now + 61_000)).toBeNull();
    } finally {
      store[key] = before;
    }
  });
});
