import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { accountLinks, auditLog, pendingChanges, users, type User } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { signedInSession } from "@/test-support/users";
import { RuleError } from "@/lib/auth/rule-error";
import { refreshSessionToken } from "@/lib/auth/session-lifecycle";
import { findUserById } from "@/lib/auth/user-lookup";
import { createUser } from "./manage-users";
import { addUser, changeRole, setDisabled } from "./user-changes";

let testDb: TestDb;
afterAll(() => testDb.close());
beforeEach(async () => {
  testDb ??= await createTestDb();
  await testDb.db.delete(pendingChanges);
  await testDb.db.delete(accountLinks);
  await testDb.db.delete(users);
});

const newUser = (email: string, role: "admin" | "support" | "finance" = "admin") =>
  createUser(testDb.db, { email, name: email, role, password: "a-long-password-1" });
const as = (user: User) => ({ kind: "user" as const, userId: user.id, email: user.email });
const entriesFor = (id: string) =>
  testDb.db.select().from(auditLog).where(eq(auditLog.objectId, id)).orderBy(auditLog.createdAt);

describe("managing users", () => {
  it("refuses a second user with the same email, in any case, and records nothing", async () => {
    const admin = await newUser("admin@example.com");
    await addUser(testDb.db, as(admin), {
      email: "a@example.com",
      name: "A",
      role: "support",
    });
    const before = (await testDb.db.select().from(auditLog)).length;
    await expect(
      addUser(testDb.db, as(admin), {
        email: "A@EXAMPLE.COM",
        name: "A",
        role: "support",
      }),
    ).rejects.toThrow(RuleError);
    expect(await testDb.db.select().from(auditLog)).toHaveLength(before);
  });

  it("records a user created with a role that needs no second admin, with who did it", async () => {
    const admin = await newUser("admin@example.com");
    const { user, pending } = await addUser(testDb.db, as(admin), {
      email: "s@example.com",
      name: "Sam",
      role: "support",
    });
    expect(pending).toBeNull();
    expect(user.role).toBe("support");
    const [entry] = await entriesFor(user.id);
    expect(entry).toMatchObject({
      action: "user.created",
      actorId: admin.id,
      actorEmail: "admin@example.com",
      after: { email: "s@example.com", role: "support", disabled: false },
    });
  });

  it("never demotes or disables the last active admin", async () => {
    const admin = await newUser("admin@example.com");
    await newUser("support@example.com", "support");
    const logged = (await testDb.db.select().from(auditLog)).length;
    await expect(changeRole(testDb.db, as(admin), admin.id, "support")).rejects.toThrow(/last active admin/);
    // Disabling is refused sooner: nobody disables their own account (see below).
    await expect(setDisabled(testDb.db, as(admin), admin.id, true)).rejects.toThrow(/your own account/);
    expect(await findUserById(testDb.db, admin.id)).toMatchObject({ role: "admin", disabledAt: null });
    expect(await testDb.db.select().from(auditLog)).toHaveLength(logged);
  });

  it("lets an admin step down when another active admin remains", async () => {
    const first = await newUser("first@example.com");
    const second = await newUser("second@example.com");
    await changeRole(testDb.db, as(first), first.id, "support");
    expect((await findUserById(testDb.db, first.id))?.role).toBe("support");
    await expect(changeRole(testDb.db, as(second), second.id, "support")).rejects.toThrow(
      /last active admin/,
    );
    const [entry] = await entriesFor(first.id);
    expect(entry).toMatchObject({
      action: "user.role_changed",
      before: { role: "admin" },
      after: { role: "support" },
    });
  });

  it("nobody disables their own account, even with another admin left; another admin can", async () => {
    const ada = await newUser("ada@example.com");
    const bob = await newUser("bob@example.com");
    const logged = (await testDb.db.select().from(auditLog)).length;
    await expect(setDisabled(testDb.db, as(ada), ada.id, true)).rejects.toThrow(
      "You cannot disable your own account. Another admin can, if it must be.",
    );
    expect((await findUserById(testDb.db, ada.id))?.disabledAt).toBeNull();
    expect(await testDb.db.select().from(auditLog)).toHaveLength(logged);
    await setDisabled(testDb.db, as(bob), ada.id, true);
    expect((await findUserById(testDb.db, ada.id))?.disabledAt).toBeInstanceOf(Date);
  });

  it("a role change keeps its reason: the audit note when it applies, the change (and note) when it waits", async () => {
    const ada = await newUser("ada@example.com");
    const sam = await newUser("sam@example.com", "support");
    await changeRole(testDb.db, as(ada), sam.id, "viewer", "Moved to the reporting team");
    expect((await entriesFor(sam.id)).at(-1)).toMatchObject({
      action: "user.role_changed",
      note: "Moved to the reporting team",
    });
    const { pending } = await changeRole(testDb.db, as(ada), sam.id, "finance", "Covers payouts in December");
    expect(pending?.payload).toEqual({ role: "finance", reason: "Covers payouts in December" });
    expect((await entriesFor(sam.id)).at(-1)?.note).toMatch(
      /waits for a second admin's approval\. Reason: Covers payouts in December$/,
    );
  });

  it("does not count a disabled admin as a remaining admin", async () => {
    const active = await newUser("active@example.com");
    const dormant = await newUser("dormant@example.com");
    await setDisabled(testDb.db, as(active), dormant.id, true);
    await expect(changeRole(testDb.db, as(active), active.id, "support")).rejects.toThrow(
      /last active admin/,
    );
  });

  it("two admins demoting each other at once leave one admin", async () => {
    const a = await newUser("a@example.com");
    const b = await newUser("b@example.com");
    const results = await Promise.allSettled([
      changeRole(testDb.db, as(a), a.id, "support"),
      changeRole(testDb.db, as(b), b.id, "support"),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(refused?.reason).toBeInstanceOf(RuleError);
    const admins = await testDb.db.select().from(users).where(eq(users.role, "admin"));
    expect(admins).toHaveLength(1);
  });

  it("disables and re-enables a support user at once, each recorded", async () => {
    const admin = await newUser("admin@example.com");
    const user = await newUser("s@example.com", "support");
    await setDisabled(testDb.db, as(admin), user.id, true);
    expect((await findUserById(testDb.db, user.id))?.disabledAt).toBeInstanceOf(Date);
    await setDisabled(testDb.db, as(admin), user.id, false);
    expect((await findUserById(testDb.db, user.id))?.disabledAt).toBeNull();
    expect((await entriesFor(user.id)).map((entry) => entry.action)).toEqual([
      "user.disabled",
      "user.enabled",
    ]);
  });

  it("refuses a change that changes nothing, and records nothing", async () => {
    const admin = await newUser("admin@example.com");
    const user = await newUser("s@example.com", "support");
    await expect(changeRole(testDb.db, as(admin), user.id, "support")).rejects.toThrow(/Support already/);
    await expect(setDisabled(testDb.db, as(admin), user.id, false)).rejects.toThrow(/active already/);
    expect(await entriesFor(user.id)).toHaveLength(0);
  });

  it("disabling ends the user's sessions for good; re-enabling does not revive them", async () => {
    const admin = await newUser("admin@example.com");
    const user = await newUser("t@example.com", "support");
    const { token } = await signedInSession(testDb.db, user.id);
    await setDisabled(testDb.db, as(admin), user.id, true);
    await expect(refreshSessionToken(testDb.db, token, undefined)).rejects.toMatchObject({
      verdict: "disabled",
    });
    await setDisabled(testDb.db, as(admin), user.id, false);
    await expect(refreshSessionToken(testDb.db, token, undefined)).rejects.toMatchObject({
      verdict: "ended",
    });
  });

  it("a role change ends the user's sessions", async () => {
    const admin = await newUser("admin@example.com");
    const user = await newUser("u@example.com", "support");
    const { token } = await signedInSession(testDb.db, user.id);
    await changeRole(testDb.db, as(admin), user.id, "viewer");
    await expect(refreshSessionToken(testDb.db, token, undefined)).rejects.toMatchObject({
      verdict: "ended",
    });
  });
});
