import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, type Role } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser, signedInSession } from "@/test-support/users";
import type { SessionState } from "@/lib/auth/current-user";

const state = vi.hoisted(() => ({
  session: { status: "signed-out" } as SessionState,
  db: undefined as unknown,
}));
vi.mock("@/lib/auth/current-user", () => ({ readSession: async () => state.session }));
vi.mock("@/lib/db/client", () => ({
  getDb: async () => state.db,
  getDbHandle: async () => ({ db: state.db, pgPool: undefined }),
}));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("@/lib/audit/request-actor", () => ({
  requestActor: async (user: { id: string; email: string }) => ({
    kind: "user",
    userId: user.id,
    email: user.email,
  }),
}));
process.env.NEXTAUTH_SECRET = "two-factor-actions-test-secret";

const { setUserDisabledAction } = await import("@/lib/users/actions");
const { confirmTwoFactorAction, turnOffTwoFactorAction } = await import("./two-factor-actions");
const { appSecretKey } = await import("@/lib/auth/two-factor/app-key");
const { isEnrolled, pendingSecret } = await import("@/lib/auth/two-factor/store");

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
  state.db = testDb.db;
});
afterAll(() => testDb.close());

type Person = { id: string; email: string; role: Role; sessionId: string };
async function user(name: string, role: Role): Promise<Person> {
  const row = await insertUser(testDb.db, {
    email: `${name}@actions.test`,
    password: "a-long-password-1",
    role,
  });
  // Signed in with the password just now: fresh enough to change a second factor.
  const { session } = await signedInSession(testDb.db, row.id, { maxAgeSeconds: 3600 });
  return { id: row.id, email: row.email, role, sessionId: session.id };
}
function actAs(who: Person, status: "active" | "must-enroll" = "active") {
  state.session = {
    status,
    user: { id: who.id, email: who.email, role: who.role, name: who.email },
    sessionId: who.sessionId,
  } as SessionState;
}
const entriesFor = async (userId: string) =>
  (await (testDb.db as Db).select().from(auditLog).where(eq(auditLog.objectId, userId))).map((e) => e.action);
const code = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret) });

async function enroll(who: Person) {
  const secret = await pendingSecret(testDb.db, appSecretKey(), who.id);
  if (!secret) throw new Error("no pending secret");
  actAs(who, "must-enroll");
  const result = await confirmTwoFactorAction({ code: code(secret) });
  if (!result.ok) throw new Error(result.message);
  return { secret, recoveryCodes: result.data.recoveryCodes };
}

beforeEach(() => {
  state.session = { status: "signed-out" };
});

describe("two-factor actions", () => {
  it("enrollment needs the right code, then turns it on with 10 recovery codes and one audit entry", async () => {
    const who = await user("enrolls", "finance");
    const secret = await pendingSecret(testDb.db, appSecretKey(), who.id);
    actAs(who, "must-enroll");
    const wrong = await confirmTwoFactorAction({ code: "000000" });
    expect(wrong).toMatchObject({
      ok: false,
      code: "rejected",
      fieldErrors: { code: [expect.stringMatching(/not right/)] },
    });
    expect(await entriesFor(who.id)).toEqual([]);
    const right = await confirmTwoFactorAction({ code: code(secret ?? "") });
    expect(right).toMatchObject({ ok: true, data: { recoveryCodes: expect.any(Array) } });
    expect(right.ok && right.data.recoveryCodes).toHaveLength(10);
    expect(await isEnrolled(testDb.db, who.id)).toBe(true);
    expect(await entriesFor(who.id)).toEqual(["user.two_factor_enrolled"]);
  });

  it("a user who must enroll can do nothing else", async () => {
    const who = await user("unenrolled", "admin");
    actAs(who, "must-enroll");
    expect(await setUserDisabledAction({ userId: who.id, disabled: true })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/Set up two-factor sign-in first/),
    });
  });

  it("turning one's own off needs a code (a recovery code works) and is audited once", async () => {
    const who = await user("turnsoff", "support");
    const { recoveryCodes } = await enroll(who);
    actAs(who);
    expect(await turnOffTwoFactorAction({ code: "111111" })).toMatchObject({
      ok: false,
      fieldErrors: { code: expect.any(Array) },
    });
    expect(await turnOffTwoFactorAction({ code: recoveryCodes[0] ?? "" })).toMatchObject({ ok: true });
    expect(await isEnrolled(testDb.db, who.id)).toBe(false);
    expect(await entriesFor(who.id)).toEqual(["user.two_factor_enrolled", "user.two_factor_reset"]);
  });
});
