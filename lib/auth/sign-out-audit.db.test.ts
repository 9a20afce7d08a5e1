import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, userSessions } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser, signedInSession } from "@/test-support/users";

const state = vi.hoisted(() => ({ db: undefined as unknown }));
vi.mock("@/lib/db/client", () => ({ getDb: async () => state.db }));
vi.mock("@/lib/audit/request-actor", () => ({
  requestActor: async (user: { id: string; email: string }) => ({
    kind: "user",
    userId: user.id,
    email: user.email,
    clientAddress: "192.0.2.44",
    userAgent: "Test browser/2.0",
  }),
}));
process.env.NEXTAUTH_SECRET = "sign-out-audit-test-secret";

const { authOptions } = await import("./options");

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
  state.db = testDb.db;
});
afterAll(() => testDb.close());

describe("signing out", () => {
  it("ends this session, not the others, and writes one audit entry with the address and browser", async () => {
    const user = await insertUser(testDb.db, { email: "leaves@example.com", password: "a-long-password-1" });
    const leaving = await signedInSession(testDb.db, user.id);
    const staying = await signedInSession(testDb.db, user.id);
    const signOut = authOptions().events?.signOut;
    if (!signOut) throw new Error("no signOut event");
    await signOut({ token: leaving.token, session: undefined as never });
    const rows = await testDb.db.select().from(userSessions).where(eq(userSessions.userId, user.id));
    expect(rows.find((row) => row.id === leaving.session.id)).toMatchObject({ endedReason: "signed out" });
    expect(rows.find((row) => row.id === staying.session.id)).toMatchObject({ endedAt: null });
    const entries = await testDb.db.select().from(auditLog).where(eq(auditLog.objectId, user.id));
    expect(entries).toEqual([
      expect.objectContaining({
        action: "auth.signed_out",
        actorId: user.id,
        actorEmail: "leaves@example.com",
        clientAddress: "192.0.2.44",
        userAgent: "Test browser/2.0",
      }),
    ]);
  });
});
