import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditAction } from "@/lib/audit/actions";
import { findUserById } from "@/lib/auth/user-lookup";
import { approveChange } from "@/lib/changes/decide";
import { auditLog, type PendingChange, type User } from "@/lib/db/schema";
import { choosePassword } from "@/lib/users/choose-password";
import { resetUserPassword } from "@/lib/users/resets";
import { changeRole } from "@/lib/users/user-changes";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";
import { CHANGE_HANDLERS } from "./handlers";
import { listChanges } from "./queries";

/**
 * Issue 35: an admin proposes making a support user finance, then resets that user's password,
 * uses the link himself and enrols his own authenticator before a second admin approves. A grant
 * of finance or admin is refused while the account's sign-in changed after its proposal, or was
 * changed by the proposer in the 7 days before; the approver sees what happened either way.
 */
let testDb: TestDb;
let ada: User;
let bob: User;
let cy: User;
beforeAll(async () => {
  testDb = await createTestDb();
  const admin = (email: string) =>
    insertUser(testDb.db, { email, password: "a-long-password-1", role: "admin" });
  ada = await admin("ada@hold.test");
  bob = await admin("bob@hold.test");
  cy = await admin("cy@hold.test");
});
afterAll(() => testDb?.close());

const DAY = 86_400_000;
const as = (user: User) => ({ kind: "user" as const, userId: user.id, email: user.email });
const FROM = { clientAddress: "198.51.100.9", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0" };
const supportUser = () =>
  insertUser(testDb.db, { email: `sam-${randomUUID()}@hold.test`, password: "a-long-password-1" });
const roleOf = async (user: User) => (await findUserById(testDb.db, user.id))?.role;
const approve = (id: string, by: User) =>
  approveChange(testDb.db, CHANGE_HANDLERS, id, { userId: by.id, actor: as(by) });

async function propose(by: User, user: User, role: "finance" | "admin" = "finance"): Promise<PendingChange> {
  const { pending } = await changeRole(testDb.db, as(by), user.id, role, "Covers payouts");
  if (!pending) throw new Error("expected a pending change");
  return pending;
}

/** An entry about `user` written `daysAgo` days ago, as if it had happened then. */
async function happened(action: AuditAction, user: User, by: User, daysAgo: number) {
  await testDb.db.insert(auditLog).values({
    actorKind: "user",
    actorId: by.id,
    actorEmail: by.email,
    action,
    objectType: "user",
    objectId: user.id,
    createdAt: new Date(Date.now() - daysAgo * DAY),
  });
}

const viewOf = async (change: PendingChange, viewer: User) => {
  const view = (await listChanges(testDb.db, viewer.id, { state: "pending" })).find(
    (each) => each.id === change.id,
  );
  if (!view) throw new Error("the change is not listed");
  return view;
};

const auditCount = async () => (await testDb.db.select({ id: auditLog.id }).from(auditLog)).length;

describe("approving a grant of finance or admin while the account's sign-in changed", () => {
  it("is refused once the proposer reset the password after proposing and used the link himself", async () => {
    const sam = await supportUser();
    const grant = await propose(ada, sam);
    const { link } = await resetUserPassword(testDb.db, as(ada), sam.id);
    if (!link) throw new Error("a support user's reset applies at once");
    await choosePassword(testDb.db, { token: link.token, password: "pelican mortar quietly 1987" }, FROM);

    const before = await auditCount();
    await expect(approve(grant.id, bob)).rejects.toThrow(
      new RegExp(
        `This grant cannot be approved: the sign-in of ${sam.email} changed since the grant was proposed \\(password reset by ada@hold.test; new password chosen through a password reset link by ${sam.email}\\).*ada@hold.test can cancel it and propose it again once things have settled`,
      ),
    );
    expect(await auditCount()).toBe(before);
    expect(await roleOf(sam)).toBe("support");

    const view = await viewOf(grant, bob);
    expect(view.held).toMatch(/This grant cannot be approved/);
    expect(view.viewerMay.approve).toBe(true);
    expect(view.accountHistory?.events).toMatchObject([
      {
        what: "New password chosen through a password reset link",
        by: sam.email,
        byThemselves: true,
        afterProposal: true,
        credential: true,
        from: "Firefox 140 on Linux, 198.51.100.9",
      },
      { what: "Password reset", by: ada.email, byProposer: true, afterProposal: true, credential: true },
    ]);
  });

  it("is refused after anyone, the person included, changed the account's second factors since the proposal", async () => {
    const sam = await supportUser();
    const grant = await propose(ada, sam, "admin");
    await happened("user.two_factor_enrolled", sam, sam, 0);
    await expect(approve(grant.id, bob)).rejects.toThrow(
      /changed since the grant was proposed \(authenticator app turned on by sam-/,
    );
    expect(await roleOf(sam)).toBe("support");
  });

  it("is refused when the proposer changed the account's sign-in 5 days before proposing", async () => {
    const sam = await supportUser();
    await happened("user.password_reset", sam, ada, 5);
    const grant = await propose(ada, sam);
    await expect(approve(grant.id, bob)).rejects.toThrow(
      /changed by ada@hold.test, who proposed the grant, in the 7 days before \(password reset by ada@hold.test\)/,
    );
    expect(await roleOf(sam)).toBe("support");
  });

  it("is not refused for someone else's change 5 days before, nor the proposer's 8 days before: both are listed or left out", async () => {
    const sam = await supportUser();
    await happened("user.password_reset", sam, ada, 8);
    await happened("user.password_reset", sam, cy, 5);
    await happened("passkey.added", sam, sam, 4);
    const grant = await propose(ada, sam);
    // A sign-in from a new browser since the proposal is shown, and holds nothing.
    await testDb.db.insert(auditLog).values({
      actorKind: "user",
      actorId: sam.id,
      actorEmail: sam.email,
      action: "auth.signed_in",
      objectType: "user",
      objectId: sam.id,
      after: { session: randomUUID(), newBrowser: true },
    });

    const view = await viewOf(grant, bob);
    expect(view.held).toBeNull();
    expect(view.accountHistory?.events).toMatchObject([
      { what: "Signed in from a browser new to the account", afterProposal: true, credential: false },
      { what: "Passkey added", by: sam.email, byThemselves: true, afterProposal: false },
      { what: "Password reset", by: cy.email, byProposer: false, afterProposal: false },
    ]);
    await approve(grant.id, bob);
    expect(await roleOf(sam)).toBe("finance");
  });

  it("lists nothing for an account whose sign-in did not change", async () => {
    const sam = await supportUser();
    const grant = await propose(ada, sam);
    const view = await viewOf(grant, bob);
    expect(view.accountHistory).toMatchObject({ events: [], more: false });
    expect(view.held).toBeNull();
    await approve(grant.id, bob);
    expect(await roleOf(sam)).toBe("finance");
  });
});
