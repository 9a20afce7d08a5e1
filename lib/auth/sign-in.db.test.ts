import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { disableUser, insertUser } from "@/test-support/users";
import { createCodeLimiter } from "./code-limiter";
import { createLoginLimiter, memoryCounters } from "./login-rate-limit";
import { checkCredentials, WRONG_CREDENTIALS, type SignInGuard } from "./sign-in";
import { secretKey } from "./two-factor/secret-box";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
  await insertUser(testDb.db, {
    email: "Ann@Example.com",
    name: "Ann",
    role: "support",
    password: "a-long-password-1",
  });
});
afterAll(() => testDb.close());

// Memory counters: the database-backed ones are tested in login-rate-limit.db.test.ts.
const guard = async (): Promise<SignInGuard> => ({
  passwords: await createLoginLimiter({
    perEmail: { points: 3, durationSeconds: 60 },
    perAddress: { points: 10, durationSeconds: 60 },
    perKnownBrowser: { points: 3, durationSeconds: 60 },
  }),
  codes: await createCodeLimiter(memoryCounters),
  secretKey: secretKey("a-test-secret-of-some-length"),
});
const at = (address: string) => ({ address, userAgent: "test-agent" });

describe("checking credentials", () => {
  it("signs in with the right password, whatever the email's case", async () => {
    const result = await checkCredentials(
      testDb.db,
      await guard(),
      { email: "ANN@example.com", password: "a-long-password-1" },
      at("ip"),
    );
    expect(result).toMatchObject({ ok: true, user: { email: "ann@example.com", role: "support" } });
  });

  it("gives the same answer for a wrong password and an unknown email", async () => {
    const wrong = await checkCredentials(
      testDb.db,
      await guard(),
      { email: "ann@example.com", password: "nope" },
      at("ip"),
    );
    const unknown = await checkCredentials(
      testDb.db,
      await guard(),
      { email: "nobody@example.com", password: "nope" },
      at("ip"),
    );
    expect(wrong).toEqual({ ok: false, message: WRONG_CREDENTIALS });
    expect(unknown).toEqual({ ok: false, message: WRONG_CREDENTIALS });
  });

  it("refuses even the right password once the email is rate-limited", async () => {
    const shared = await guard();
    for (let i = 0; i < 3; i++)
      await checkCredentials(testDb.db, shared, { email: "ann@example.com", password: "nope" }, at("ip"));
    const result = await checkCredentials(
      testDb.db,
      shared,
      { email: "ann@example.com", password: "a-long-password-1" },
      at("ip"),
    );
    expect(result).toMatchObject({
      ok: false,
      message: expect.stringMatching(/Too many failed sign-in attempts/),
    });
  });

  it("refuses a disabled account with a message saying so", async () => {
    const user = await insertUser(testDb.db, {
      email: "gone@example.com",
      name: "Gone",
      role: "viewer",
      password: "a-long-password-2",
    });
    await disableUser(testDb.db, user.id);
    const result = await checkCredentials(
      testDb.db,
      await guard(),
      { email: "gone@example.com", password: "a-long-password-2" },
      at("ip"),
    );
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/disabled/) });
  });

  it("failures on other accounts from other addresses never refuse the right password", async () => {
    const shared = await guard();
    for (let i = 0; i < 30; i++) {
      await checkCredentials(
        testDb.db,
        shared,
        { email: `victim${i}@example.com`, password: "nope" },
        at("192.0.2.66"),
      );
    }
    const result = await checkCredentials(
      testDb.db,
      shared,
      { email: "ann@example.com", password: "a-long-password-1" },
      at("198.51.100.7"),
    );
    expect(result).toMatchObject({ ok: true });
  });

  it("gives a disabled account's wrong password the same answer as any other (no oracle)", async () => {
    const user = await insertUser(testDb.db, { email: "off@example.com", password: "a-long-password-3" });
    await disableUser(testDb.db, user.id);
    const result = await checkCredentials(
      testDb.db,
      await guard(),
      { email: "off@example.com", password: "wrong-password" },
      at("ip"),
    );
    expect(result).toEqual({ ok: false, message: WRONG_CREDENTIALS });
  });
});
