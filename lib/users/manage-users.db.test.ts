import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { users } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { RuleError } from "@/lib/auth/rule-error";
import { changeUserRole, createUser, setUserDisabled } from "./manage-users";
import { refreshSessionToken } from "@/lib/auth/session-lifecycle";
import { findUserById } from "@/lib/auth/user-lookup";

let testDb: TestDb;
afterAll(() => testDb.close());
beforeEach(async () => {
  testDb ??= await createTestDb();
  await testDb.db.delete(users);
});

const newUser = (email: string, role: "admin" | "support" = "admin") =>
  createUser(testDb.db, { email, name: email, role, password: "a-long-password-1" });

describe("managing users", () => {
  it("refuses a second user with the same email, in any case", async () => {
    await newUser("a@example.com");
    await expect(newUser("A@EXAMPLE.COM")).rejects.toThrow(RuleError);
  });

  it("never demotes or disables the last active admin", async () => {
    const admin = await newUser("admin@example.com");
    await newUser("support@example.com", "support");
    await expect(changeUserRole(testDb.db, admin.id, "support")).rejects.toThrow(/last active admin/);
    await expect(setUserDisabled(testDb.db, admin.id, true)).rejects.toThrow(/last active admin/);
    expect(await findUserById(testDb.db, admin.id)).toMatchObject({ role: "admin", disabledAt: null });
  });

  it("lets an admin step down when another active admin remains", async () => {
    const first = await newUser("first@example.com");
    const second = await newUser("second@example.com");
    await changeUserRole(testDb.db, first.id, "finance");
    expect((await findUserById(testDb.db, first.id))?.role).toBe("finance");
    await expect(setUserDisabled(testDb.db, second.id, true)).rejects.toThrow(/last active admin/);
  });

  it("does not count a disabled admin as a remaining admin", async () => {
    const active = await newUser("active@example.com");
    const dormant = await newUser("dormant@example.com");
    await setUserDisabled(testDb.db, dormant.id, true);
    await expect(changeUserRole(testDb.db, active.id, "support")).rejects.toThrow(/last active admin/);
  });

  it("two admins demoting each other at once leave one admin", async () => {
    const a = await newUser("a@example.com");
    const b = await newUser("b@example.com");
    const results = await Promise.allSettled([
      changeUserRole(testDb.db, a.id, "support"),
      changeUserRole(testDb.db, b.id, "support"),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(refused?.reason).toBeInstanceOf(RuleError);
    const admins = await testDb.db.select().from(users).where(eq(users.role, "admin"));
    expect(admins).toHaveLength(1);
  });

  it("re-enables a disabled user", async () => {
    await newUser("admin@example.com");
    const user = await newUser("s@example.com", "support");
    await setUserDisabled(testDb.db, user.id, true);
    expect((await findUserById(testDb.db, user.id))?.disabledAt).toBeInstanceOf(Date);
    await setUserDisabled(testDb.db, user.id, false);
    expect((await findUserById(testDb.db, user.id))?.disabledAt).toBeNull();
  });

  it("disabling ends the user's sessions for good; re-enabling does not revive them", async () => {
    await newUser("admin@example.com");
    const user = await newUser("t@example.com", "support");
    const token = await refreshSessionToken(testDb.db, {}, user, 300, 100);
    await setUserDisabled(testDb.db, user.id, true);
    await setUserDisabled(testDb.db, user.id, false);
    await expect(refreshSessionToken(testDb.db, token, undefined, 300, 110)).rejects.toMatchObject({
      verdict: "superseded",
    });
  });

  it("a role change ends the user's sessions", async () => {
    await newUser("admin@example.com");
    const user = await newUser("u@example.com", "support");
    const token = await refreshSessionToken(testDb.db, {}, user, 300, 100);
    await changeUserRole(testDb.db, user.id, "finance");
    await expect(refreshSessionToken(testDb.db, token, undefined, 300, 110)).rejects.toMatchObject({
      verdict: "superseded",
    });
  });
});
