import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { accountLinks } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser, signedInSession } from "@/test-support/users";

// Single sign-on required (PAYDESK_SSO_REQUIRED=1 with a provider named "Okta").
vi.mock("@/lib/auth/sso/config", () => ({
  ssoConfig: () => ({ id: "oidc", name: "Okta", required: true }),
  ssoForPages: () => ({ name: "Okta", required: true }),
}));
const { confirmIdentity } = await import("../confirm-identity");
const { requireRecentIdentity } = await import("../fresh-identity");
const { createLoginLimiter, memoryCounters } = await import("../login-rate-limit");
const { SIGN_IN_AGAIN_WITH_COMPANY_MESSAGE } = await import("../fresh-identity-words");

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

const PASSWORD = "a-long-password-1";
const limiter = () => createLoginLimiter(undefined, memoryCounters);

async function confirmAs(email: string, role: "finance" | "admin") {
  const user = await insertUser(testDb.db, { email, role, password: PASSWORD });
  const { session } = await signedInSession(testDb.db, user.id, { now: new Date(Date.now() - 3_600_000) });
  const who = {
    userId: user.id,
    sessionId: session.id,
    actor: { kind: "user" as const, userId: user.id, email },
  };
  return {
    user,
    who,
    confirm: async () => confirmIdentity(testDb.db, who, PASSWORD, { limiter: await limiter() }),
  };
}

describe("confirming one's identity while single sign-on is required", () => {
  it("takes no password, even the right one: only a fresh sign-in with the provider", async () => {
    const { who, confirm } = await confirmAs("fin@sso-required.test", "finance");
    await expect(confirm()).rejects.toThrow(SIGN_IN_AGAIN_WITH_COMPANY_MESSAGE);
    await expect(requireRecentIdentity(testDb.db, who)).rejects.toThrow(SIGN_IN_AGAIN_WITH_COMPANY_MESSAGE);
  });

  it("takes a break-glass admin's password", async () => {
    const { user, confirm } = await confirmAs("glass@sso-required.test", "admin");
    const now = Date.now();
    await testDb.db.insert(accountLinks).values({
      userId: user.id,
      kind: "password_reset",
      tokenSha256: "break-glass-link",
      createdBy: null,
      createdAt: new Date(now - 7_200_000),
      expiresAt: new Date(now + 3_600_000),
      usedAt: new Date(now - 3_600_000),
    });
    await expect(confirm()).resolves.toMatchObject({ confirmedAt: expect.any(Date) });
  });
});
