import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cancelChange } from "@/lib/changes/decide";
import { CHANGE_HANDLERS } from "@/lib/change-review/handlers";
import type { User } from "@/lib/db/schema";
import { changeRole } from "@/lib/users/user-changes";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";
import { whatWaitsFor } from "./what-waits";

let testDb: TestDb;
const people: Record<string, User> = {};
beforeAll(async () => {
  testDb = await createTestDb();
  for (const [name, role] of [
    ["ada", "admin"],
    ["bob", "admin"],
    ["fran", "finance"],
    ["sam", "support"],
    ["tess", "support"],
    ["vic", "viewer"],
  ] as const) {
    people[name] = await insertUser(testDb.db, {
      email: `${name}@example.com`,
      role,
      password: "a-long-password-1",
    });
  }
});
afterAll(() => testDb.close());

function person(name: string): User {
  const found = people[name];
  if (!found) throw new Error(`no ${name}`);
  return found;
}
const as = (name: string) => ({ kind: "user" as const, userId: person(name).id, email: person(name).email });
const changesFor = async (name: string) => (await whatWaitsFor(testDb.db, person(name))).changes;

describe("the navigation's count of pending changes", () => {
  it("counts, for each admin, the changes another admin proposed that they may approve", async () => {
    expect(await changesFor("ada")).toBe(0);
    const { pending } = await changeRole(testDb.db, as("ada"), person("sam").id, "finance", "Payouts cover");
    await changeRole(testDb.db, as("ada"), person("tess").id, "admin", "Second admin");
    expect(await changesFor("bob")).toBe(2);
    // Their own proposals wait for someone else: not counted for the proposer.
    expect(await changesFor("ada")).toBe(0);

    await cancelChange(testDb.db, CHANGE_HANDLERS, pending?.id ?? "", {
      userId: person("ada").id,
      actor: as("ada"),
    });
    expect(await changesFor("bob")).toBe(1);
    // Bob's task about it is done, by its proposer; only the other one counts in his header.
    const bob = await whatWaitsFor(testDb.db, person("bob"));
    expect(bob.tasks.find((task) => task.href.endsWith(pending?.id ?? "?"))?.done).toMatchObject({
      how: "Cancelled by its proposer",
      by: person("ada").name,
    });
    expect(bob.count).toBe(1);
  });

  it("does not count a change to an admin's own account for them", async () => {
    await changeRole(testDb.db, as("ada"), person("bob").id, "finance", "Moves to finance");
    expect(await changesFor("bob")).toBe(1);
  });

  it("is no count at all for those who do not decide changes", async () => {
    for (const name of ["fran", "sam", "vic"]) expect(await changesFor(name), name).toBeNull();
  });
});
