import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { auditLog, settings, users } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";
import { DEMO_PASSWORD, DEMO_USERS, demoUsersWithPublishedPassword, seedDemoUsers } from "./demo-users";

// A fresh database per test: the audit log is append-only, and each test is about a database's history.
let testDb: TestDb;
beforeEach(async () => {
  testDb = await createTestDb();
});
afterEach(() => testDb.close());

const userCreatedEntries = () => testDb.db.select().from(auditLog).where(eq(auditLog.action, "user.created"));

describe("seeding the demo users", () => {
  it("creates them on a fresh database with the published password, each recorded as created by demo mode", async () => {
    expect(await seedDemoUsers(testDb.db)).toBe(DEMO_USERS.length);

    const created = await testDb.db.select().from(users);
    expect(created.map((user) => user.email).sort()).toEqual(DEMO_USERS.map((user) => user.email).sort());
    expect(await verifyPassword(created[0]?.passwordHash ?? "", DEMO_PASSWORD)).toBe(true);
    const entries = await userCreatedEntries();
    expect(entries).toHaveLength(DEMO_USERS.length);
    for (const user of created) {
      expect(entries).toContainEqual(
        expect.objectContaining({
          actorKind: "system",
          actorId: null,
          objectType: "user",
          objectId: user.id,
          after: expect.objectContaining({ email: user.email, role: user.role }),
          note: expect.stringMatching(/demo mode.*published password/i),
        }),
      );
    }
  });

  it("on its next start creates only the demo users that are missing, and records only those", async () => {
    await seedDemoUsers(testDb.db);
    expect(await seedDemoUsers(testDb.db)).toBe(0);
    expect(await userCreatedEntries()).toHaveLength(DEMO_USERS.length);

    await testDb.db.delete(users).where(eq(users.email, "viewer@example.com"));
    expect(await seedDemoUsers(testDb.db)).toBe(1);
    const [viewer] = await testDb.db.select().from(users).where(eq(users.email, "viewer@example.com"));
    const entries = await userCreatedEntries();
    expect(entries).toHaveLength(DEMO_USERS.length + 1);
    expect(entries.filter((entry) => entry.objectId === viewer?.id)).toHaveLength(1);
  });

  it("refuses a database first started outside demo mode, and creates no one", async () => {
    // The mark a production start leaves on a database it starts first (lib/start-mode/first-start-mark.ts).
    await testDb.db
      .insert(settings)
      .values({ key: "database.first_start", value: { mode: "production", at: "2026-01-05T10:00:00.000Z" } });

    await expect(seedDemoUsers(testDb.db)).rejects.toThrow(
      /first started outside demo mode \(2026-01-05T10:00:00\.000Z\)[\s\S]*PAYDESK_DATA_DIR/,
    );
    expect(await testDb.db.select().from(users)).toEqual([]);
    expect(await userCreatedEntries()).toEqual([]);
  });

  it("refuses a database older than the mark that already has users, and creates no one", async () => {
    await insertUser(testDb.db, {
      email: "owner@merchant.example",
      password: "a-long-password-1",
      role: "admin",
    });

    await expect(seedDemoUsers(testDb.db)).rejects.toThrow(/already has users[\s\S]*PAYDESK_DATA_DIR/);
    expect((await testDb.db.select().from(users)).map((user) => user.email)).toEqual([
      "owner@merchant.example",
    ]);
  });
});

describe("the demo users still open on a database demo mode started", () => {
  it("are the enabled ones that still take the published password", async () => {
    await seedDemoUsers(testDb.db);
    await testDb.db
      .update(users)
      .set({ disabledAt: new Date() })
      .where(eq(users.email, "admin2@example.com"));
    await testDb.db
      .update(users)
      .set({ passwordHash: await hashPassword("another-long-password") })
      .where(eq(users.email, "viewer@example.com"));

    expect(await demoUsersWithPublishedPassword(testDb.db)).toEqual([
      "admin@example.com",
      "finance2@example.com",
      "finance@example.com",
      "support@example.com",
    ]);
  });
});
