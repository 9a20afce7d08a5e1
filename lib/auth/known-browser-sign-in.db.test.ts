import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";
import { createCodeLimiter } from "./code-limiter";
import { issueKnownBrowser } from "./known-browser";
import { createLoginLimiter, memoryCounters } from "./login-rate-limit";
import { checkCredentials, type SignInGuard } from "./sign-in";
import { secretKey } from "./two-factor/secret-box";

const BROWSER_SECRET = "a-test-secret-of-some-length";
let testDb: TestDb;
let guard: SignInGuard;
beforeAll(async () => {
  testDb = await createTestDb();
  await insertUser(testDb.db, {
    email: "owner@example.com",
    name: "O",
    role: "support",
    password: "right-password-1",
  });
  guard = {
    passwords: await createLoginLimiter({
      perEmail: { points: 3, durationSeconds: 60 },
      perAddress: { points: 10, durationSeconds: 60 },
      perKnownBrowser: { points: 3, durationSeconds: 60 },
    }),
    codes: await createCodeLimiter(memoryCounters),
    secretKey: secretKey(BROWSER_SECRET),
    browserSecret: BROWSER_SECRET,
  };
});
afterAll(() => testDb.close());

const signIn = (password: string, knownBrowserCookie?: string) =>
  checkCredentials(
    testDb.db,
    guard,
    { email: "owner@example.com", password },
    { address: "203.0.113.7", userAgent: "test", knownBrowserCookie },
  );

describe("signing in from a browser known to the account", () => {
  it("a successful sign-in hands the browser a cookie naming it for this account", async () => {
    const result = await signIn("right-password-1");
    expect(result).toMatchObject({
      ok: true,
      knownBrowserCookie: expect.stringMatching(/^[\w-]{22}\.[\w-]+$/),
    });
  });

  it("the audit entry says whether the browser had signed in to this account before", async () => {
    const first = await signIn("right-password-1");
    const cookie = first.ok ? first.knownBrowserCookie : undefined;
    await signIn("right-password-1", cookie);
    await signIn("right-password-1", issueKnownBrowser(BROWSER_SECRET, "other@example.com"));
    const entries = await testDb.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, "auth.signed_in"))
      .orderBy(desc(auditLog.createdAt));
    expect(entries.slice(0, 3).map((entry) => (entry.after as { newBrowser?: boolean }).newBrowser)).toEqual([
      true,
      undefined,
      true,
    ]);
  });

  it("is never refused for others' failures, while the account stays locked to everyone else", async () => {
    const first = await signIn("right-password-1");
    const cookie = first.ok ? first.knownBrowserCookie : undefined;
    for (let i = 0; i < 3; i++) expect(await signIn(`guess-${i}`)).toMatchObject({ ok: false });
    expect(await signIn("right-password-1")).toMatchObject({ ok: false, message: /Too many/ });
    expect(await signIn("right-password-1", cookie)).toMatchObject({ ok: true });
    // A cookie made for another account, or forged, is just no cookie.
    expect(
      await signIn("right-password-1", issueKnownBrowser(BROWSER_SECRET, "other@example.com")),
    ).toMatchObject({
      ok: false,
      message: /Too many/,
    });
    expect(await signIn("right-password-1", "forged.cookie")).toMatchObject({
      ok: false,
      message: /Too many/,
    });
  });
});
