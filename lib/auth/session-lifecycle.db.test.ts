import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser, signedInSession } from "@/test-support/users";
import { refreshSessionToken, SessionEnded } from "./session-lifecycle";
import { END_REASONS, endSession, endSessionsOf, listSessions } from "./sessions";

let testDb: TestDb;
let ann: User;
beforeAll(async () => {
  testDb = await createTestDb();
  ann = await insertUser(testDb.db, { email: "ann@example.com", password: "a-long-password-1" });
});
afterAll(() => testDb.close());

const T0 = new Date("2026-11-25T10:00:00Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describe("a session's lifecycle", () => {
  it("signing in puts the session's id in the token", async () => {
    const { session } = await signedInSession(testDb.db, ann.id, { now: T0 });
    expect(await refreshSessionToken(testDb.db, {}, { id: ann.id, sessionId: session.id })).toEqual({
      sub: ann.id,
      sid: session.id,
    });
  });

  it("re-issuing never extends a session: it ends its lifetime after sign-in", async () => {
    const { token } = await signedInSession(testDb.db, ann.id, { now: T0, maxAgeSeconds: 300 });
    for (const seconds of [100, 200, 299]) {
      expect(await refreshSessionToken(testDb.db, token, undefined, at(seconds))).toEqual(token);
    }
    await expect(refreshSessionToken(testDb.db, token, undefined, at(300))).rejects.toMatchObject({
      verdict: "expired",
    });
  });

  it("ending one session ends that one only; ending the others keeps the one asking", async () => {
    const user = await insertUser(testDb.db, { email: "bo@example.com", password: "a-long-password-2" });
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => signedInSession(testDb.db, user.id)));
    if (!a || !b || !c) throw new Error("no sessions");
    await endSession(testDb.db, user.id, a.session.id, END_REASONS.signedOut);
    await expect(refreshSessionToken(testDb.db, a.token, undefined)).rejects.toBeInstanceOf(SessionEnded);
    expect(await refreshSessionToken(testDb.db, b.token, undefined)).toEqual(b.token);

    expect(await endSessionsOf(testDb.db, user.id, END_REASONS.endedByOwner, { except: b.session.id })).toBe(
      1,
    );
    await expect(refreshSessionToken(testDb.db, c.token, undefined)).rejects.toMatchObject({
      verdict: "ended",
    });
    expect(await refreshSessionToken(testDb.db, b.token, undefined)).toEqual(b.token);
    const listed = await listSessions(testDb.db, user.id);
    expect(listed.map((session) => [session.id, session.endedReason]).sort()).toEqual(
      [
        [a.session.id, "signed out"],
        [b.session.id, null],
        [c.session.id, "ended from another session"],
      ].sort(),
    );
  });

  it("a token naming another user's session, or none, stands for nothing", async () => {
    const { session } = await signedInSession(testDb.db, ann.id);
    await expect(
      refreshSessionToken(testDb.db, { sub: "someone-else", sid: session.id }, undefined),
    ).rejects.toMatchObject({
      verdict: "unknown",
    });
    await expect(refreshSessionToken(testDb.db, { sub: ann.id }, undefined)).rejects.toMatchObject({
      verdict: "unknown",
    });
  });

  it("a session id from another user ends nothing", async () => {
    const { session } = await signedInSession(testDb.db, ann.id);
    const other = await insertUser(testDb.db, { email: "cy@example.com", password: "a-long-password-3" });
    expect(await endSession(testDb.db, other.id, session.id, END_REASONS.endedByOwner)).toBe(false);
  });
});
