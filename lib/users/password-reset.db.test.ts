import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readLiveSession } from "@/lib/auth/sessions";
import { checkCredentials } from "@/lib/auth/sign-in";
import { createCodeLimiter } from "@/lib/auth/code-limiter";
import { createLoginLimiter, memoryCounters } from "@/lib/auth/login-rate-limit";
import { approveChange } from "@/lib/changes/decide";
import { CHANGE_HANDLERS } from "@/lib/change-review/handlers";
import { auditLog, pendingChanges, userSessions, type User } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser, signedInSession } from "@/test-support/users";
import { usableLink } from "./account-links";
import { choosePassword } from "./choose-password";
import { resetUserPassword } from "./resets";
import { addUser } from "./user-changes";

/**
 * Issue 23: an admin resets a password (lost, or perhaps known to someone else). It stops working
 * at once, the person is signed out everywhere, and a one-time link lets them choose another; for
 * finance and admin, whose accounts decide who may pay, only once a second admin approves.
 */
let testDb: TestDb;
let ada: User;
let bob: User;
const OLD = "the-old-password-42";
const NEW = "pelican mortar quietly 1987";

beforeAll(async () => {
  testDb = await createTestDb();
  ada = await insertUser(testDb.db, {
    email: "ada@reset.test",
    password: "adas-own-password",
    role: "admin",
  });
  bob = await insertUser(testDb.db, {
    email: "bob@reset.test",
    password: "bobs-own-password",
    role: "admin",
  });
}, 60_000);
afterAll(() => testDb?.close());

const as = (admin: User) => ({ kind: "user" as const, userId: admin.id, email: admin.email });

async function signIn(email: string, password: string) {
  return checkCredentials(
    testDb.db,
    {
      passwords: await createLoginLimiter(),
      codes: await createCodeLimiter(memoryCounters),
      secretKey: Buffer.alloc(32, 3),
    },
    { email, password },
    { address: "203.0.113.9", userAgent: "test" },
  );
}

const sessionStatus = async (id: string) => (await readLiveSession(testDb.db, id)).status;

describe("an admin resets a support user's password", () => {
  it("takes effect at once: the old password fails, every session ends, and the admin gets a reset link", async () => {
    const sam = await insertUser(testDb.db, { email: "sam@reset.test", password: OLD, role: "support" });
    const laptop = (await signedInSession(testDb.db, sam.id)).session;
    const phone = (await signedInSession(testDb.db, sam.id)).session;

    const { pending, link } = await resetUserPassword(testDb.db, as(ada), sam.id);
    expect(pending).toBeNull();
    expect(link).toMatchObject({ kind: "password_reset" });
    expect((await signIn(sam.email, OLD)).ok).toBe(false);
    expect(await sessionStatus(laptop.id)).toBe("ended");
    expect(await sessionStatus(phone.id)).toBe("ended");
    const [ended] = await testDb.db.select().from(userSessions).where(eq(userSessions.id, laptop.id));
    expect(ended?.endedReason).toBe("the password was reset by an admin");

    const [entry] = await testDb.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.password_reset"), eq(auditLog.objectId, sam.id)));
    expect(entry).toMatchObject({
      actorId: ada.id,
      before: { password: true },
      after: { password: false, sessionsEnded: 2 },
    });
    expect(JSON.stringify(entry)).not.toContain(link?.token ?? "no token");

    await choosePassword(
      testDb.db,
      { token: link?.token ?? "", password: NEW },
      { clientAddress: "x", userAgent: null },
    );
    expect((await signIn(sam.email, NEW)).ok).toBe(true);
  });

  it("a second reset revokes the first link", async () => {
    const sue = await insertUser(testDb.db, { email: "sue@reset.test", password: OLD, role: "viewer" });
    const first = await resetUserPassword(testDb.db, as(ada), sue.id);
    const second = await resetUserPassword(testDb.db, as(ada), sue.id);
    expect(await usableLink(testDb.db, first.link?.token ?? "")).toBeNull();
    expect(await usableLink(testDb.db, second.link?.token ?? "")).not.toBeNull();
  });

  it("is never one's own (that is changed in one's account), nor for someone still invited (New link)", async () => {
    await expect(resetUserPassword(testDb.db, as(ada), ada.id)).rejects.toThrow(/your own password/);
    const { user: invited } = await addUser(testDb.db, as(ada), {
      email: "invited@reset.test",
      name: "Invited",
      role: "support",
    });
    await expect(resetUserPassword(testDb.db, as(ada), invited.id)).rejects.toThrow(/New link/);
  });
});

describe("resetting a finance user's password needs a second admin", () => {
  it("proposed by one admin, nothing changes; approved by another, it applies and the approver gets the link", async () => {
    const fran = await insertUser(testDb.db, { email: "fran@reset.test", password: OLD, role: "finance" });
    const session = (await signedInSession(testDb.db, fran.id)).session;

    const { pending, link } = await resetUserPassword(testDb.db, as(ada), fran.id);
    expect(link).toBeNull();
    expect(pending).toMatchObject({ kind: "reset_password", state: "pending", targetUserId: fran.id });
    expect((await signIn(fran.email, OLD)).ok).toBe(true);
    expect(await sessionStatus(session.id)).toBe("live");

    await expect(
      approveChange(testDb.db, CHANGE_HANDLERS, pending?.id ?? "", { userId: ada.id, actor: as(ada) }),
    ).rejects.toThrow(/a different admin must approve it/);
    expect((await signIn(fran.email, OLD)).ok).toBe(true);

    const approved = await approveChange(testDb.db, CHANGE_HANDLERS, pending?.id ?? "", {
      userId: bob.id,
      actor: as(bob),
    });
    expect(approved.state).toBe("approved");
    expect(approved.oneTimeLink).toMatchObject({ kind: "password_reset" });
    expect((await signIn(fran.email, OLD)).ok).toBe(false);
    expect(await sessionStatus(session.id)).toBe("ended");

    const [entry] = await testDb.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "change.approved"), eq(auditLog.objectId, fran.id)));
    expect(entry).toMatchObject({
      actorId: bob.id,
      after: { password: false, change: { kind: "reset_password", proposedBy: ada.email } },
    });
    expect(JSON.stringify(entry)).not.toContain(approved.oneTimeLink?.token ?? "no token");

    await choosePassword(
      testDb.db,
      { token: approved.oneTimeLink?.token ?? "", password: NEW },
      { clientAddress: "x", userAgent: null },
    );
    expect((await signIn(fran.email, NEW)).ok).toBe(true);
  });

  it("no longer applies once the user was disabled since it was proposed", async () => {
    const fred = await insertUser(testDb.db, { email: "fred@reset.test", password: OLD, role: "finance" });
    const { pending } = await resetUserPassword(testDb.db, as(ada), fred.id);
    const { setDisabled } = await import("./user-changes");
    await setDisabled(testDb.db, as(ada), fred.id, true);
    await expect(
      approveChange(testDb.db, CHANGE_HANDLERS, pending?.id ?? "", { userId: bob.id, actor: as(bob) }),
    ).rejects.toThrow(/no longer applies/);
    const [still] = await testDb.db
      .select()
      .from(pendingChanges)
      .where(eq(pendingChanges.id, pending?.id ?? ""));
    expect(still?.state).toBe("pending");
  });
});
