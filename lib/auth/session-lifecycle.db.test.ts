import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";
import { endSessionsOf, refreshSessionToken, SessionEnded } from "./session-lifecycle";

const MAX_AGE = 300;
let testDb: TestDb;
let ann: User;
beforeAll(async () => {
  testDb = await createTestDb();
  ann = await insertUser(testDb.db, { email: "ann@example.com", password: "a-long-password-1" });
});
afterAll(() => testDb.close());

const signIn = (user: User, now: number) =>
  refreshSessionToken(testDb.db, {}, { id: user.id, sessionVersion: user.sessionVersion }, MAX_AGE, now);

describe("the session token's lifecycle", () => {
  it("records who signed in, under which version, and when", async () => {
    expect(await signIn(ann, 1_000)).toEqual({ sub: ann.id, sv: ann.sessionVersion, signedInAt: 1_000 });
  });

  it("re-issuing keeps the sign-in time, so the session still ends on time", async () => {
    let token = await signIn(ann, 1_000);
    for (const now of [1_100, 1_200, 1_299]) {
      token = await refreshSessionToken(testDb.db, token, undefined, MAX_AGE, now);
      expect(token.signedInAt).toBe(1_000);
    }
    await expect(refreshSessionToken(testDb.db, token, undefined, MAX_AGE, 1_300)).rejects.toThrow(
      SessionEnded,
    );
  });

  it("signing out ends every token the user holds, and new sign-ins work", async () => {
    const user = await insertUser(testDb.db, { email: "bo@example.com", password: "a-long-password-2" });
    const first = await signIn(user, 2_000);
    const second = await signIn(user, 2_010);
    await endSessionsOf(testDb.db, user.id);
    for (const token of [first, second]) {
      await expect(refreshSessionToken(testDb.db, token, undefined, MAX_AGE, 2_020)).rejects.toMatchObject({
        verdict: "superseded",
      });
    }
    const fresh = await signIn({ ...user, sessionVersion: user.sessionVersion + 1 }, 2_030);
    expect(await refreshSessionToken(testDb.db, fresh, undefined, MAX_AGE, 2_040)).toMatchObject({
      sub: user.id,
    });
  });
});
