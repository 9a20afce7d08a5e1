import { desc, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import {
  accountLinks,
  auditLog,
  pendingChanges,
  users,
  userTwoFactor,
  type PendingChange,
  type User,
} from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { findUserById } from "@/lib/auth/user-lookup";
import { approveChange, cancelChange, rejectChange } from "@/lib/changes/decide";
import { createUser } from "@/lib/users/manage-users";
import { isEnrolled } from "@/lib/auth/two-factor/store";
import { resetUserTwoFactor } from "@/lib/users/resets";
import { addUser, changeRole, setDisabled } from "@/lib/users/user-changes";
import {
  changeApprovalThreshold,
  getApprovalThreshold,
  setApprovalThreshold,
} from "@/lib/withdrawals/settings";
import { applyAsBreakGlass } from "./break-glass";
import { CHANGE_HANDLERS } from "./handlers";

let testDb: TestDb;
afterAll(() => testDb.close());
beforeEach(async () => {
  testDb ??= await createTestDb();
  await testDb.db.delete(pendingChanges);
  await setApprovalThreshold(testDb.db, null, "");
  await testDb.db.delete(accountLinks);
  await testDb.db.delete(users);
});

const newUser = (email: string, role: User["role"] = "admin") =>
  createUser(testDb.db, { email, name: email, role, password: "a-long-password-1" });
const as = (user: User) => ({ kind: "user" as const, userId: user.id, email: user.email });
const approve = (id: string, by: User) =>
  approveChange(testDb.db, CHANGE_HANDLERS, id, { userId: by.id, actor: as(by) });
const reject = (id: string, by: User) =>
  rejectChange(testDb.db, CHANGE_HANDLERS, id, { userId: by.id, actor: as(by) });
const cancel = (id: string, by: User) =>
  cancelChange(testDb.db, CHANGE_HANDLERS, id, { userId: by.id, actor: as(by) });
const roleOf = async (user: User) => (await findUserById(testDb.db, user.id))?.role;
const latestEntry = async () =>
  (await testDb.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1))[0];
const idOf = (change: PendingChange | null) => {
  if (!change) throw new Error("expected a pending change");
  return change.id;
};
const countEntries = async () => (await testDb.db.select().from(auditLog)).length;

/** Runs `step` and says how many audit entries it wrote, whether it succeeded or threw. */
async function entriesWrittenBy(step: () => Promise<unknown>): Promise<{ written: number; error?: unknown }> {
  const before = await countEntries();
  try {
    await step();
    return { written: (await countEntries()) - before };
  } catch (error) {
    return { written: (await countEntries()) - before, error };
  }
}

async function twoAdmins() {
  return { ada: await newUser("ada@example.com"), bob: await newUser("bob@example.com") };
}

describe("dual control of who may pay", () => {
  it("a user created as finance is a viewer until a second admin approves; the proposer cannot approve", async () => {
    const { ada, bob } = await twoAdmins();
    const { user, pending } = await addUser(testDb.db, as(ada), {
      email: "fran@example.com",
      name: "Fran",
      role: "finance",
    });
    expect(user.role).toBe("viewer");
    expect(pending).toMatchObject({ kind: "grant_role", state: "pending", payload: { role: "finance" } });
    expect(await latestEntry()).toMatchObject({
      action: "user.created",
      actorId: ada.id,
      after: { role: "viewer", pendingRole: "finance", change: pending?.id },
    });

    const refused = await entriesWrittenBy(() => approve(idOf(pending), ada));
    expect(String(refused.error)).toMatch(/You proposed this change, so a different admin must approve it/);
    expect(refused.written).toBe(0);
    expect(await roleOf(user)).toBe("viewer");

    const approved = await entriesWrittenBy(() => approve(idOf(pending), bob));
    expect(approved).toEqual({ written: 1 });
    expect(await roleOf(user)).toBe("finance");
    expect(await latestEntry()).toMatchObject({
      action: "change.approved",
      actorId: bob.id,
      objectType: "user",
      objectId: user.id,
      before: { role: "viewer" },
      after: { role: "finance", change: { id: idOf(pending), proposedBy: "ada@example.com" } },
    });
    const [row] = await testDb.db
      .select()
      .from(pendingChanges)
      .where(eq(pendingChanges.id, idOf(pending)));
    expect(row).toMatchObject({ state: "approved", decidedBy: bob.id });
  });

  it("a role change to finance or admin waits; a change to support or viewer applies at once", async () => {
    const { ada, bob } = await twoAdmins();
    const sam = await newUser("sam@example.com", "support");
    const { pending } = await changeRole(testDb.db, as(ada), sam.id, "admin");
    expect(pending).not.toBeNull();
    expect(await roleOf(sam)).toBe("support");
    expect(await latestEntry()).toMatchObject({ action: "change.proposed", objectId: sam.id });
    await approve(idOf(pending), bob);
    expect(await roleOf(sam)).toBe("admin");

    expect((await changeRole(testDb.db, as(ada), sam.id, "viewer")).pending).toBeNull();
    expect(await roleOf(sam)).toBe("viewer");
  });

  it("cancel: only the proposer, once; a cancelled change cannot be approved", async () => {
    const { ada, bob } = await twoAdmins();
    const sam = await newUser("sam@example.com", "support");
    const { pending } = await changeRole(testDb.db, as(ada), sam.id, "finance");
    await expect(cancel(idOf(pending), bob)).rejects.toThrow(
      /Only the admin who proposed a change can cancel it/,
    );
    expect(await entriesWrittenBy(() => cancel(idOf(pending), ada))).toEqual({ written: 1 });
    expect(await latestEntry()).toMatchObject({
      action: "change.cancelled",
      actorId: ada.id,
      objectId: sam.id,
    });
    const late = await entriesWrittenBy(() => approve(idOf(pending), bob));
    expect(String(late.error)).toMatch(/has been cancelled already/);
    expect(late.written).toBe(0);
    expect(await roleOf(sam)).toBe("support");
  });

  it("reject: another admin, not the proposer; nothing changes", async () => {
    const { ada, bob } = await twoAdmins();
    const sam = await newUser("sam@example.com", "support");
    const { pending } = await changeRole(testDb.db, as(ada), sam.id, "finance");
    await expect(reject(idOf(pending), ada)).rejects.toThrow(/cancel it instead/);
    expect(await entriesWrittenBy(() => reject(idOf(pending), bob))).toEqual({ written: 1 });
    expect(await latestEntry()).toMatchObject({ action: "change.rejected", actorId: bob.id });
    expect(await roleOf(sam)).toBe("support");
  });

  it("one change at a time per user: a second proposal is refused until the first is decided", async () => {
    const { ada } = await twoAdmins();
    const sam = await newUser("sam@example.com", "support");
    await changeRole(testDb.db, as(ada), sam.id, "finance");
    const second = await entriesWrittenBy(() => changeRole(testDb.db, as(ada), sam.id, "admin"));
    expect(String(second.error)).toMatch(/already waiting for a second admin/);
    expect(second.written).toBe(0);
  });

  it("a change that no longer applies is refused: the user's role changed since", async () => {
    const { ada, bob } = await twoAdmins();
    const sam = await newUser("sam@example.com", "support");
    const { pending } = await changeRole(testDb.db, as(ada), sam.id, "finance");
    await changeRole(testDb.db, as(bob), sam.id, "viewer");
    const refused = await entriesWrittenBy(() => approve(idOf(pending), bob));
    expect(String(refused.error)).toMatch(
      /no longer applies: their role changed from Support to Viewer since it was proposed/,
    );
    expect(refused.written).toBe(0);
    expect(await roleOf(sam)).toBe("viewer");
  });

  it("a change that no longer applies is refused: the user was disabled since", async () => {
    const { ada, bob } = await twoAdmins();
    const sam = await newUser("sam@example.com", "support");
    const { pending } = await changeRole(testDb.db, as(ada), sam.id, "finance");
    await setDisabled(testDb.db, as(bob), sam.id, true);
    await expect(approve(idOf(pending), bob)).rejects.toThrow(/they were disabled since it was proposed/);
    expect(await roleOf(sam)).toBe("support");
  });

  it("a change whose proposer is no longer an active admin cannot be approved", async () => {
    const { ada, bob } = await twoAdmins();
    const cy = await newUser("cy@example.com");
    const sam = await newUser("sam@example.com", "support");
    const { pending } = await changeRole(testDb.db, as(ada), sam.id, "finance");
    await setDisabled(testDb.db, as(cy), ada.id, true);
    await expect(approve(idOf(pending), bob)).rejects.toThrow(/ada@example.com is no longer an active admin/);
    expect(await roleOf(sam)).toBe("support");
  });

  it("two admins approving at once: the change applies once, the other is told it was decided", async () => {
    const { ada, bob } = await twoAdmins();
    const cy = await newUser("cy@example.com");
    const sam = await newUser("sam@example.com", "support");
    const { pending } = await changeRole(testDb.db, as(ada), sam.id, "finance");
    const before = await countEntries();
    const results = await Promise.allSettled([approve(idOf(pending), bob), approve(idOf(pending), cy)]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(String(refused?.status === "rejected" ? refused.reason : "")).toMatch(/has been approved already/);
    expect((await countEntries()) - before).toBe(1);
    expect(await roleOf(sam)).toBe("finance");
  });

  it("nobody approves a change to their own account", async () => {
    const { ada, bob } = await twoAdmins();
    const cy = await newUser("cy@example.com");
    const { pending } = await changeRole(testDb.db, as(ada), bob.id, "finance");
    await expect(approve(idOf(pending), bob)).rejects.toThrow(/to your own account/);
    await approve(idOf(pending), cy);
    expect(await roleOf(bob)).toBe("finance");
  });

  it("enabling a disabled finance user waits for a second admin; a disabled support user is enabled at once", async () => {
    const { ada, bob } = await twoAdmins();
    const fran = await newUser("fran@example.com", "finance");
    const sam = await newUser("sam@example.com", "support");
    await setDisabled(testDb.db, as(ada), fran.id, true);
    await setDisabled(testDb.db, as(ada), sam.id, true);
    expect((await setDisabled(testDb.db, as(ada), sam.id, false)).pending).toBeNull();
    const { pending } = await setDisabled(testDb.db, as(ada), fran.id, false);
    expect(pending).toMatchObject({ kind: "enable_user" });
    expect((await findUserById(testDb.db, fran.id))?.disabledAt).toBeInstanceOf(Date);
    await approve(idOf(pending), bob);
    expect((await findUserById(testDb.db, fran.id))?.disabledAt).toBeNull();
    expect(await latestEntry()).toMatchObject({
      action: "change.approved",
      before: { disabled: true },
      after: { disabled: false },
    });
  });

  it("the approval threshold: turning it on applies at once; changing or removing it waits", async () => {
    const { ada, bob } = await twoAdmins();
    expect(
      (await changeApprovalThreshold(testDb.db, as(ada), { amount: "1000", fiatCurrency: "USD" })).pending,
    ).toBeNull();
    expect(await latestEntry()).toMatchObject({
      action: "settings.changed",
      before: { threshold: null },
      after: { threshold: { amount: "1000", fiatCurrency: "USD" } },
    });
    const raise = await changeApprovalThreshold(testDb.db, as(ada), { amount: "5000", fiatCurrency: "USD" });
    expect(raise.pending).toMatchObject({ kind: "approval_threshold" });
    expect(await getApprovalThreshold(testDb.db)).toEqual({ amount: "1000", fiatCurrency: "USD" });
    await expect(approve(idOf(raise.pending), ada)).rejects.toThrow(/You proposed this change/);
    await approve(idOf(raise.pending), bob);
    expect(await getApprovalThreshold(testDb.db)).toEqual({ amount: "5000", fiatCurrency: "USD" });

    const removal = await changeApprovalThreshold(testDb.db, as(bob), null);
    expect(await getApprovalThreshold(testDb.db)).not.toBeNull();
    await approve(idOf(removal.pending), ada);
    expect(await getApprovalThreshold(testDb.db)).toBeNull();
  });

  it("a threshold change is refused when the threshold moved since it was proposed", async () => {
    const { ada, bob } = await twoAdmins();
    await setApprovalThreshold(testDb.db, { amount: "1000", fiatCurrency: "USD" }, ada.id);
    const { pending } = await changeApprovalThreshold(testDb.db, as(ada), null);
    await setApprovalThreshold(testDb.db, { amount: "10", fiatCurrency: "USD" }, ada.id);
    await expect(approve(idOf(pending), bob)).rejects.toThrow(/the rule was changed since it was proposed/);
    expect(await getApprovalThreshold(testDb.db)).toEqual({ amount: "10", fiatCurrency: "USD" });
  });
});

describe("resetting two-factor sign-in", () => {
  const enroll = (user: User) =>
    testDb.db
      .insert(userTwoFactor)
      .values({ userId: user.id, secretEncrypted: "sealed", confirmedAt: new Date() });
  const enrolled = (user: User) => isEnrolled(testDb.db, user.id);

  it("a support user's applies at once; a finance user's waits for a second admin", async () => {
    const { ada, bob } = await twoAdmins();
    const sam = await newUser("sam@example.com", "support");
    const fran = await newUser("fran@example.com", "finance");
    await enroll(sam);
    await enroll(fran);

    expect(await entriesWrittenBy(() => resetUserTwoFactor(testDb.db, as(ada), sam.id))).toEqual({
      written: 1,
    });
    expect(await enrolled(sam)).toBe(false);
    expect(await latestEntry()).toMatchObject({
      action: "user.two_factor_reset",
      objectId: sam.id,
      before: { twoFactor: true },
      after: { twoFactor: false },
    });

    const { pending } = await resetUserTwoFactor(testDb.db, as(ada), fran.id);
    expect(pending).toMatchObject({ kind: "reset_two_factor" });
    expect(await enrolled(fran)).toBe(true);
    await expect(approve(idOf(pending), ada)).rejects.toThrow(/You proposed this change/);
    await approve(idOf(pending), bob);
    expect(await enrolled(fran)).toBe(false);
    expect(await latestEntry()).toMatchObject({ action: "change.approved", after: { twoFactor: false } });
  });

  it("refuses a user with nothing to reset, and a pending reset once it was reset otherwise", async () => {
    const { ada, bob } = await twoAdmins();
    const fran = await newUser("fran@example.com", "finance");
    await expect(resetUserTwoFactor(testDb.db, as(ada), fran.id)).rejects.toThrow(
      /has no two-factor sign-in to reset/,
    );
    await enroll(ada);
    await expect(resetUserTwoFactor(testDb.db, as(ada), ada.id)).rejects.toThrow(
      /use Two-factor sign-in in your account settings/,
    );
    await enroll(fran);
    const { pending } = await resetUserTwoFactor(testDb.db, as(ada), fran.id);
    await testDb.db.delete(userTwoFactor).where(eq(userTwoFactor.userId, fran.id));
    await expect(approve(idOf(pending), bob)).rejects.toThrow(
      /no longer applies: they have no two-factor sign-in any more/,
    );
  });
});

describe("break-glass from the command line", () => {
  it("applies a pending change in a single-admin install, audited as the command line", async () => {
    const ada = await newUser("ada@example.com");
    const { user, pending } = await addUser(testDb.db, as(ada), {
      email: "fran@example.com",
      name: "Fran",
      role: "finance",
    });
    expect(await entriesWrittenBy(() => applyAsBreakGlass(testDb.db, idOf(pending)))).toEqual({ written: 1 });
    expect(await roleOf(user)).toBe("finance");
    expect(await latestEntry()).toMatchObject({
      action: "change.approved",
      actorKind: "cli",
      actorId: null,
      note: "break-glass",
      objectId: user.id,
    });
    const [row] = await testDb.db
      .select()
      .from(pendingChanges)
      .where(eq(pendingChanges.id, idOf(pending)));
    expect(row).toMatchObject({ state: "approved", decidedBy: null, decisionNote: "break-glass" });
  });

  it("is refused while another active admin could approve in Paydesk", async () => {
    const { ada } = await twoAdmins();
    const sam = await newUser("sam@example.com", "support");
    const { pending } = await changeRole(testDb.db, as(ada), sam.id, "finance");
    const refused = await entriesWrittenBy(() => applyAsBreakGlass(testDb.db, idOf(pending)));
    expect(String(refused.error)).toMatch(
      /Another active admin can approve this change in Paydesk \(bob@example.com\)/,
    );
    expect(refused.written).toBe(0);
    expect(await roleOf(sam)).toBe("support");
  });

  it("still refuses a change that no longer applies", async () => {
    const ada = await newUser("ada@example.com");
    const sam = await newUser("sam@example.com", "support");
    const { pending } = await changeRole(testDb.db, as(ada), sam.id, "finance");
    await changeRole(testDb.db, as(ada), sam.id, "viewer");
    await expect(applyAsBreakGlass(testDb.db, idOf(pending))).rejects.toThrow(/no longer applies/);
  });
});
