import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "@/lib/db/schema";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { accountHistoryQuery, readAccountHistory } from "./account-history";
import type { AuditAction } from "./actions";

/**
 * Issue 35: what happened to an account's sign-in, as the second admin approving a role grant
 * sees it: its credentials changing and its sign-ins from new browsers, in a time range, and
 * nobody else's.
 */
let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb?.close());

const DAY = 86_400_000;
const NOW = Date.now();
const SAM = randomUUID();
const OTHER = randomUUID();
const ADA = { actorKind: "user" as const, actorId: randomUUID(), actorEmail: "ada@history.test" };

async function entry(
  action: AuditAction,
  fields: { daysAgo: number; about?: string; after?: Record<string, unknown> },
): Promise<string> {
  const [row] = await testDb.db
    .insert(auditLog)
    .values({
      ...ADA,
      action,
      objectType: "user",
      objectId: fields.about ?? SAM,
      after: fields.after ?? null,
      createdAt: new Date(NOW - fields.daysAgo * DAY),
    })
    .returning({ id: auditLog.id });
  if (!row) throw new Error("nothing inserted");
  return row.id;
}

describe(`an account's history for a second admin (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("lists credential changes and new-browser sign-ins since a moment, newest first, for this account only", async () => {
    const tooOld = await entry("user.password_reset", { daysAgo: 8 });
    const reset = await entry("user.password_reset", { daysAgo: 6 });
    const chosen = await entry("user.password_set", { daysAgo: 5, after: { link: "password_reset" } });
    const enrolled = await entry("user.two_factor_enrolled", { daysAgo: 4 });
    const newBrowser = await entry("auth.signed_in", {
      daysAgo: 3,
      after: { session: "s", newBrowser: true },
    });
    const knownBrowser = await entry("auth.signed_in", { daysAgo: 3, after: { session: "s" } });
    const approvedReset = await entry("change.approved", {
      daysAgo: 2,
      after: { password: false, change: { kind: "reset_password" } },
    });
    const approvedGrant = await entry("change.approved", {
      daysAgo: 2,
      after: { role: "finance", change: { kind: "grant_role" } },
    });
    const enabledWithLink = await entry("user.enabled", {
      daysAgo: 1,
      after: { disabled: false, newLink: "password_reset" },
    });
    const enabled = await entry("user.enabled", { daysAgo: 1, after: { disabled: false } });
    const roleChanged = await entry("user.role_changed", { daysAgo: 1 });
    const passkey = await entry("passkey.added", { daysAgo: 0.5, after: { passkey: { name: "Work" } } });
    const someoneElses = await entry("user.password_reset", { daysAgo: 1, about: OTHER });

    const { events, more } = await readAccountHistory(testDb.db, SAM, new Date(NOW - 7 * DAY), {
      limit: null,
    });
    expect(more).toBe(false);
    expect(events.map((event) => event.id)).toEqual([
      passkey,
      enabledWithLink,
      approvedReset,
      newBrowser,
      enrolled,
      chosen,
      reset,
    ]);
    expect(events.find((event) => event.id === newBrowser)?.kind).toBe("new_browser_sign_in");
    expect(events.filter((event) => event.kind === "credential")).toHaveLength(6);
    for (const left of [tooOld, knownBrowser, approvedGrant, enabled, roleChanged, someoneElses]) {
      expect(events.map((event) => event.id)).not.toContain(left);
    }

    const credentials = await readAccountHistory(testDb.db, SAM, new Date(NOW - 7 * DAY), {
      limit: null,
      onlyCredentials: true,
    });
    expect(credentials.events.map((event) => event.id)).not.toContain(newBrowser);
    expect(credentials.events).toHaveLength(6);

    const newest = await readAccountHistory(testDb.db, SAM, new Date(NOW - 7 * DAY), { limit: 2 });
    expect(newest).toMatchObject({ more: true, events: [{ id: passkey }, { id: enabledWithLink }] });
  });

  it("is read off audit_log_object_idx, the account and the time range as index conditions, with no sort", async () => {
    const text = await testDb.db.transaction(async (tx) => {
      // With a few rows a sequential scan is cheapest; what matters is what the index can do.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const query = accountHistoryQuery(tx, SAM, new Date(NOW - 7 * DAY)).limit(51);
      const result: unknown = await tx.execute(sql`explain (costs off) ${query}`);
      const rows = (result as { rows?: { "QUERY PLAN"?: string }[] }).rows ?? [];
      return rows.map((row) => row["QUERY PLAN"] ?? "").join("\n");
    });
    expect(text).toMatch(/Index Scan using audit_log_object_idx/);
    expect(text).toMatch(/Index Cond: .*object_id.*created_at/s);
    expect(text).not.toMatch(/Sort/);
  });
});
