import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, type User } from "@/lib/db/schema";
import { changeRole, setDisabled } from "@/lib/users/user-changes";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { disableUser, insertUser } from "@/test-support/users";
import { notifyChangeProposed } from "./change-events";
import { readInbox } from "./inbox";

let testDb: TestDb;
const people: Record<string, User> = {};
beforeAll(async () => {
  testDb = await createTestDb();
  for (const [name, role] of [
    ["ada", "admin"],
    ["bob", "admin"],
    ["cy", "admin"],
    ["gone", "admin"],
    ["fran", "finance"],
    ["sam", "support"],
    ["tess", "support"],
  ] as const) {
    people[name] = await insertUser(testDb.db, {
      email: `${name}@example.com`,
      name,
      role,
      password: "a-long-password-1",
    });
  }
  await disableUser(testDb.db, person("gone").id);
});
afterAll(() => testDb.close());

function person(name: string): User {
  const found = people[name];
  if (!found) throw new Error(`no ${name}`);
  return found;
}
const as = (name: string) => ({ kind: "user" as const, userId: person(name).id, email: person(name).email });
const itemsOf = async (name: string) => {
  const inbox = await readInbox(testDb.db, { id: person(name).id, timeZone: "UTC" });
  return [...inbox.tasks, ...inbox.information];
};
const toldOf = async (changeId: string) => {
  const rows = await testDb.db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(and(eq(notifications.objectType, "change"), eq(notifications.objectId, changeId)));
  const byId = new Map(Object.values(people).map((user) => [user.id, user.email.split("@")[0]]));
  return rows.map((row) => byId.get(row.userId)).sort();
};

describe("a proposed change is told to the other admins", () => {
  it("every other enabled admin is notified, never the proposer; the proposer learns how many", async () => {
    const { pending } = await changeRole(testDb.db, as("ada"), person("sam").id, "finance", "Covers payouts");
    if (!pending) throw new Error("expected a pending change");
    expect(pending.notified).toBe(2);
    expect(await toldOf(pending.id)).toEqual(["bob", "cy"]);

    const [item] = await itemsOf("bob");
    expect(item).toMatchObject({
      kind: "change.proposed",
      read: false,
      done: null,
      href: `/admin/changes#change-${pending.id}`,
      message:
        "ada@example.com proposed: Make sam@example.com Finance. It waits for your approval under Pending changes.",
    });
    for (const name of ["ada", "gone", "fran", "sam"]) {
      expect(await itemsOf(name), name).toEqual([]);
    }
  });

  it("once per change, however often it is told", async () => {
    const { pending } = await changeRole(
      testDb.db,
      as("bob"),
      person("tess").id,
      "admin",
      "Second on-call admin",
    );
    if (!pending) throw new Error("expected a pending change");
    const change = {
      id: pending.id,
      proposedBy: pending.proposedBy,
      targetUserId: pending.targetUserId,
      description: "Make tess@example.com Admin",
      proposerEmail: "bob@example.com",
    };
    expect(await notifyChangeProposed(testDb.db, change)).toBe(2);
    expect(await notifyChangeProposed(testDb.db, change)).toBe(2);
    expect(await toldOf(pending.id)).toEqual(["ada", "cy"]);
  });

  it("a change to an admin's own account is not theirs to approve: they are not asked", async () => {
    const { pending } = await changeRole(
      testDb.db,
      as("ada"),
      person("cy").id,
      "finance",
      "Moves to finance",
    );
    if (!pending) throw new Error("expected a pending change");
    expect(pending.notified).toBe(1);
    expect(await toldOf(pending.id)).toEqual(["bob"]);
  });

  it("an admin disabled since is not told of later proposals", async () => {
    await setDisabled(testDb.db, as("ada"), person("bob").id, true);
    const { pending } = await changeRole(testDb.db, as("ada"), person("fran").id, "admin", "Runs the office");
    if (!pending) throw new Error("expected a pending change");
    expect(await toldOf(pending.id)).toEqual(["cy"]);
  });
});
