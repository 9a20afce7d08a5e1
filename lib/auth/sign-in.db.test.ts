import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { disableUser, insertUser } from "@/test-support/users";
import { createLoginLimiter } from "./login-rate-limit";
import { checkCredentials, WRONG_CREDENTIALS } from "./sign-in";

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

const limiter = () =>
  createLoginLimiter({
    perEmail: { points: 3, durationSeconds: 60 },
    perIp: { points: 10, durationSeconds: 60 },
  });

describe("checking credentials", () => {
  it("signs in with the right password, whatever the email's case", async () => {
    const result = await checkCredentials(
      testDb.db,
      limiter(),
      { email: "ANN@example.com", password: "a-long-password-1" },
      "ip",
    );
    expect(result).toMatchObject({ ok: true, user: { email: "ann@example.com", role: "support" } });
  });

  it("gives the same answer for a wrong password and an unknown email", async () => {
    const wrong = await checkCredentials(
      testDb.db,
      limiter(),
      { email: "ann@example.com", password: "nope" },
      "ip",
    );
    const unknown = await checkCredentials(
      testDb.db,
      limiter(),
      { email: "nobody@example.com", password: "nope" },
      "ip",
    );
    expect(wrong).toEqual({ ok: false, message: WRONG_CREDENTIALS });
    expect(unknown).toEqual({ ok: false, message: WRONG_CREDENTIALS });
  });

  it("refuses even the right password once the email is rate-limited", async () => {
    const shared = limiter();
    for (let i = 0; i < 3; i++)
      await checkCredentials(testDb.db, shared, { email: "ann@example.com", password: "nope" }, "ip");
    const result = await checkCredentials(
      testDb.db,
      shared,
      { email: "ann@example.com", password: "a-long-password-1" },
      "ip",
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
      limiter(),
      { email: "gone@example.com", password: "a-long-password-2" },
      "ip",
    );
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/disabled/) });
  });
});
