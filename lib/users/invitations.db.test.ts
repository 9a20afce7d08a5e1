import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkCredentials } from "@/lib/auth/sign-in";
import { createCodeLimiter } from "@/lib/auth/code-limiter";
import { createLoginLimiter, memoryCounters } from "@/lib/auth/login-rate-limit";
import { RuleError } from "@/lib/auth/rule-error";
import { accountLinks, auditLog, users, type User } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { disableUser, insertUser } from "@/test-support/users";
import { accountLinkTokenSchema } from "./account-link-schemas";
import { issueAccountLink, usableLink } from "./account-links";
import { choosePassword, LINK_NO_LONGER_VALID } from "./choose-password";
import { addUser, renewInvitation, setDisabled } from "./user-changes";

/**
 * Issue 23: nobody but the person knows their password. A new user has none; their invitation
 * link lets them choose one, once, before it expires, and the admin who made it holds nothing
 * that signs in.
 */
let testDb: TestDb;
let admin: User;
beforeAll(async () => {
  testDb = await createTestDb();
  admin = await insertUser(testDb.db, {
    email: "admin@invite.test",
    password: "an-admins-password",
    role: "admin",
  });
}, 60_000);
afterAll(() => testDb?.close());

const asAdmin = () => ({ kind: "user" as const, userId: admin.id, email: admin.email });
const FROM = { clientAddress: "198.51.100.7", userAgent: "their browser" };
const STRONG = "pelican mortar quietly 1987";

async function signIn(email: string, password: string) {
  return checkCredentials(
    testDb.db,
    {
      passwords: await createLoginLimiter(),
      codes: await createCodeLimiter(memoryCounters),
      secretKey: Buffer.alloc(32, 7),
    },
    { email, password },
    { address: "198.51.100.8", userAgent: "test" },
  );
}

/** An invitation: single sign-on is not required here, so it comes with its link. */
async function invite(email: string, role: User["role"] = "support") {
  const { user, link } = await addUser(testDb.db, asAdmin(), { email, name: "New Person", role });
  if (!link) throw new Error(`no invitation link for ${email}`);
  return { user, link };
}

describe("an invitation", () => {
  it("makes a user with no password, who cannot sign in: the same answer as a wrong password", async () => {
    const { user, link } = await invite("nopass@invite.test");
    expect(link).toMatchObject({ kind: "invitation" });
    expect(accountLinkTokenSchema.safeParse(link.token).success).toBe(true);
    const unknown = await signIn("nobody@invite.test", "whatever-it-is-1");
    for (const guess of ["", "whatever-it-is-1", link.token]) {
      expect(await signIn(user.email, guess)).toEqual(unknown);
    }
  });

  it("lets the person choose a password once; the audit log names them, and never the token or password", async () => {
    const { user, link } = await invite("once@invite.test");
    expect(await choosePassword(testDb.db, { token: link.token, password: STRONG }, FROM)).toEqual({
      email: user.email,
    });
    expect((await signIn(user.email, STRONG)).ok).toBe(true);

    await expect(
      choosePassword(testDb.db, { token: link.token, password: "another one 2 choose" }, FROM),
    ).rejects.toThrow(LINK_NO_LONGER_VALID);
    expect((await signIn(user.email, "another one 2 choose")).ok).toBe(false);

    const entries = await testDb.db.select().from(auditLog).where(eq(auditLog.objectId, user.id));
    expect(entries.find((entry) => entry.action === "user.password_set")).toMatchObject({
      actorId: user.id,
      actorEmail: user.email,
      clientAddress: FROM.clientAddress,
      after: { link: "invitation" },
    });
    const everything = JSON.stringify(await testDb.db.select().from(auditLog));
    expect(everything).not.toContain(link.token);
    expect(everything).not.toContain(STRONG);
  });

  it("refuses a weak password with zxcvbn's reason, and the link still works after", async () => {
    const { user, link } = await invite("weak@invite.test");
    const refused = await choosePassword(
      testDb.db,
      { token: link.token, password: "password1234" },
      FROM,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RuleError);
    expect((refused as RuleError).fieldErrors?.password?.[0]).toMatch(/commonly used password/);
    // The person's own name is easy to guess too.
    await expect(
      choosePassword(testDb.db, { token: link.token, password: "weak@invite.test" }, FROM),
    ).rejects.toThrow(RuleError);
    await choosePassword(testDb.db, { token: link.token, password: STRONG }, FROM);
    expect((await signIn(user.email, STRONG)).ok).toBe(true);
  });

  it("expires: a link past its lifetime is no longer valid", async () => {
    const { user } = await invite("late@invite.test");
    const old = await testDb.db.transaction((tx) =>
      issueAccountLink(tx, {
        userId: user.id,
        kind: "invitation",
        createdBy: admin.id,
        now: new Date(Date.now() - 73 * 3_600_000),
        lifetimeHours: 72,
      }),
    );
    expect(await usableLink(testDb.db, old.token)).toBeNull();
    await expect(choosePassword(testDb.db, { token: old.token, password: STRONG }, FROM)).rejects.toThrow(
      LINK_NO_LONGER_VALID,
    );
  });

  it("a new link revokes the one before, so a person has one live link at a time", async () => {
    const { user, link: first } = await invite("renewed@invite.test");
    const { link: second } = await renewInvitation(testDb.db, asAdmin(), user.id);
    const { link: third } = await renewInvitation(testDb.db, asAdmin(), user.id);
    expect(await usableLink(testDb.db, first.token)).toBeNull();
    expect(await usableLink(testDb.db, second.token)).toBeNull();
    expect(await usableLink(testDb.db, third.token)).not.toBeNull();
    const live = (await testDb.db.select().from(accountLinks).where(eq(accountLinks.userId, user.id))).filter(
      (link) => !link.usedAt && !link.revokedAt,
    );
    expect(live).toHaveLength(1);
    const renewed = await testDb.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "user.invitation_renewed"));
    expect(renewed.filter((entry) => entry.objectId === user.id)).toHaveLength(2);
    expect(renewed[0]).toMatchObject({ actorId: admin.id });
  });

  it("is not renewed for someone who has a password (that is a reset), nor for a disabled user", async () => {
    const { user, link } = await invite("has-one@invite.test");
    await choosePassword(testDb.db, { token: link.token, password: STRONG }, FROM);
    await expect(renewInvitation(testDb.db, asAdmin(), user.id)).rejects.toThrow(/Reset password/);

    const { user: gone, link: theirs } = await invite("gone@invite.test");
    await disableUser(testDb.db, gone.id);
    expect(await usableLink(testDb.db, theirs.token)).toBeNull();
    await expect(renewInvitation(testDb.db, asAdmin(), gone.id)).rejects.toThrow(/disabled/);
  });

  it("is dead once its user is disabled, and stays dead when they are enabled again", async () => {
    const { user, link } = await invite("paused@invite.test");
    await setDisabled(testDb.db, asAdmin(), user.id, true);
    await setDisabled(testDb.db, asAdmin(), user.id, false);

    expect(await usableLink(testDb.db, link.token)).toBeNull();
    await expect(choosePassword(testDb.db, { token: link.token, password: STRONG }, FROM)).rejects.toThrow(
      LINK_NO_LONGER_VALID,
    );
  });

  it("two uses of one link at the same time: exactly one sets the password", async () => {
    const { user, link } = await invite("race@invite.test");
    const outcomes = await Promise.allSettled([
      choosePassword(testDb.db, { token: link.token, password: "first choice of words 11" }, FROM),
      choosePassword(testDb.db, { token: link.token, password: "second choice of words 22" }, FROM),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const [row] = await testDb.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordChangedAt).not.toBeNull();
  });

  it("a token is 43 base64url characters: anything else, of any size, is no token", () => {
    for (const bad of [
      "",
      "short",
      "a".repeat(42),
      "a".repeat(44),
      "a".repeat(100_000),
      `${"a".repeat(42)}/`,
    ]) {
      expect(accountLinkTokenSchema.safeParse(bad).success).toBe(false);
    }
  });
});
