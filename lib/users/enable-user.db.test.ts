import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { approveChange } from "@/lib/changes/decide";
import { CHANGE_HANDLERS } from "@/lib/change-review/handlers";
import { accountLinks, auditLog, type User } from "@/lib/db/schema";
import { appMailHarness } from "@/test-support/app-mail-harness";
import { insertUser } from "@/test-support/users";
import { usableLink } from "./account-links";
import { resetUserPassword } from "./resets";
import { addUser, changeRole, setDisabled } from "./user-changes";

/**
 * Issue 35: disabling revokes a person's live invitation or reset link, so enabling someone who
 * still has no password makes them a new one — an invitation if they never chose a password, a
 * reset if theirs was reset — emailed to them like any such link and audited. Someone with a
 * password gets none.
 */
const mail = appMailHarness();
let ada: User;
let bob: User;
beforeAll(async () => {
  const admin = (email: string) =>
    insertUser(mail.testDb.db, { email, password: "a-long-password-1", role: "admin" });
  ada = await admin("ada@enable.test");
  bob = await admin("bob@enable.test");
});

const as = (user: User) => ({ kind: "user" as const, userId: user.id, email: user.email });
const db = () => mail.testDb.db;
const latestEntryAbout = async (userId: string) =>
  (
    await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, userId))
      .orderBy(desc(auditLog.createdAt))
      .limit(1)
  )[0];
const entriesAbout = async (userId: string) =>
  (await db().select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.objectId, userId))).length;
const liveLinks = (userId: string) =>
  db()
    .select()
    .from(accountLinks)
    .where(eq(accountLinks.userId, userId))
    .then((links) => links.filter((link) => !link.usedAt && !link.revokedAt));

/** Every link mailed to `to` so far, once the loop has sent what is due. */
async function linksMailedTo(to: string): Promise<string[]> {
  await mail.deliver();
  return mail.smtp.caught
    .filter((each) => each.envelope.to.includes(to))
    .flatMap((each) => each.parsed.text?.match(/\/join\/([\w-]{43})/)?.[1] ?? []);
}

describe("enabling a user again", () => {
  it("makes someone who never chose a password a new invitation link, emailed to them and audited", async () => {
    const { user, link: first } = await addUser(db(), as(ada), {
      email: "ivy@enable.test",
      name: "Ivy Invited",
      role: "support",
    });
    await setDisabled(db(), as(ada), user.id, true);
    const entriesBefore = await entriesAbout(user.id);
    const { link } = await setDisabled(db(), as(ada), user.id, false);

    expect(await entriesAbout(user.id)).toBe(entriesBefore + 1);
    expect(link).toMatchObject({ kind: "invitation" });
    expect(await usableLink(db(), link?.token ?? "")).not.toBeNull();
    expect(await usableLink(db(), first?.token ?? "")).toBeNull();
    expect(await liveLinks(user.id)).toHaveLength(1);
    // Its invitation, and the new link (in either order: the loop sends them side by side).
    expect((await linksMailedTo(user.email)).sort()).toEqual([first?.token, link?.token].sort());
    expect(await latestEntryAbout(user.id)).toMatchObject({
      action: "user.enabled",
      actorId: ada.id,
      before: { disabled: true },
      after: { disabled: false, newLink: "invitation", invitationExpiresAt: link?.expiresAt.toISOString() },
    });
    expect(JSON.stringify(await latestEntryAbout(user.id))).not.toContain(link?.token);
  });

  it("makes someone whose reset link the disabling revoked a new password reset link", async () => {
    const sam = await insertUser(db(), { email: "sam@enable.test", password: "a-long-password-1" });
    await resetUserPassword(db(), as(ada), sam.id);
    await setDisabled(db(), as(ada), sam.id, true);
    expect(await liveLinks(sam.id)).toHaveLength(0);
    const { link } = await setDisabled(db(), as(bob), sam.id, false);

    expect(link).toMatchObject({ kind: "password_reset" });
    expect(await linksMailedTo(sam.email)).toContain(link?.token);
    expect(await latestEntryAbout(sam.id)).toMatchObject({
      action: "user.enabled",
      actorId: bob.id,
      after: { newLink: "password_reset", linkExpiresAt: link?.expiresAt.toISOString() },
    });
  });

  it("makes no link for someone who has a password", async () => {
    const pat = await insertUser(db(), { email: "pat@enable.test", password: "a-long-password-1" });
    await setDisabled(db(), as(ada), pat.id, true);
    const { link } = await setDisabled(db(), as(ada), pat.id, false);
    expect(link).toBeNull();
    expect(await liveLinks(pat.id)).toHaveLength(0);
    expect(await linksMailedTo(pat.email)).toEqual([]);
    const entry = await latestEntryAbout(pat.id);
    expect(entry).toMatchObject({ action: "user.enabled", after: { disabled: false } });
    expect(entry?.after).not.toHaveProperty("newLink");
  });

  it("a finance user's enabling waits for a second admin, who is handed the new link", async () => {
    const { user } = await addUser(db(), as(ada), { email: "fay@enable.test", name: "Fay", role: "support" });
    const { pending: grant } = await changeRole(db(), as(ada), user.id, "finance");
    await approveChange(db(), CHANGE_HANDLERS, grant?.id ?? "", { userId: bob.id, actor: as(bob) });
    await setDisabled(db(), as(ada), user.id, true);
    const { pending, link: none } = await setDisabled(db(), as(ada), user.id, false);
    expect(none).toBeNull();
    expect(await liveLinks(user.id)).toHaveLength(0);

    const approved = await approveChange(db(), CHANGE_HANDLERS, pending?.id ?? "", {
      userId: bob.id,
      actor: as(bob),
    });
    expect(approved.oneTimeLink).toMatchObject({ kind: "invitation" });
    expect(await linksMailedTo(user.email)).toContain(approved.oneTimeLink?.token);
    expect(await latestEntryAbout(user.id)).toMatchObject({
      action: "change.approved",
      actorId: bob.id,
      after: { disabled: false, newLink: "invitation" },
    });
  });
});
