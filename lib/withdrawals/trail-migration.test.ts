import { PGlite } from "@electric-sql/pglite";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "@/lib/db/migrate";

/**
 * Migration 0010 moves the withdrawal trail (withdrawal_audit) into the audit log: a database
 * migrated up to 0009 with a trail in it keeps every entry, named and attributed.
 */
const client = new PGlite();
const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
const MOVE = migrations.findIndex((migration) =>
  migration.sql.join("").includes('DROP TABLE "withdrawal_audit"'),
);

async function apply(from: number, to: number) {
  for (const migration of migrations.slice(from, to))
    for (const statement of migration.sql) if (statement.trim()) await client.exec(statement);
}

beforeAll(async () => {
  await apply(0, MOVE);
  await client.exec(`
    insert into users (id, email, name, role, password_hash)
      values ('00000000-0000-4000-8000-000000000001', 'ana@example.com', 'Ana', 'finance', 'x');
    insert into withdrawals (id, order_id, state, amount, currency, network, address, is_subtract, reason, requested_by)
      values ('00000000-0000-4000-8000-0000000000aa', 'wd_1', 'paid', '10', 'USDT', 'TRON', 'T', true, 'r',
              '00000000-0000-4000-8000-000000000001');
    insert into withdrawal_audit (withdrawal_id, actor_id, source, from_state, to_state, reason, detail, created_at) values
      ('00000000-0000-4000-8000-0000000000aa', '00000000-0000-4000-8000-000000000001', 'user', null, 'awaiting_approval', 'refund', null, '2025-01-01T10:00:00Z'),
      ('00000000-0000-4000-8000-0000000000aa', '00000000-0000-4000-8000-000000000001', 'user', 'awaiting_approval', 'approved', null, null, '2025-01-01T10:01:00Z'),
      ('00000000-0000-4000-8000-0000000000aa', null, 'loop', 'approved', 'submitting', null, null, '2025-01-01T10:02:00Z'),
      ('00000000-0000-4000-8000-0000000000aa', null, 'webhook', 'submitted', 'paid', null, '{"serviceId": "s1"}', '2025-01-01T10:03:00Z');
  `);
  await apply(MOVE, MOVE + 1);
});
afterAll(() => client.close());

describe("migration 0010: the withdrawal trail moves into the audit log", () => {
  it("keeps every entry with its time, actor, states, reason and detail", async () => {
    const { rows } = await client.query(
      `select action, actor_kind, actor_email, before, after, note, created_at from audit_log order by created_at`,
    );
    expect(rows).toMatchObject([
      {
        action: "withdrawal.requested",
        actor_kind: "user",
        actor_email: "ana@example.com",
        before: null,
        note: "refund",
      },
      { action: "withdrawal.approved", actor_kind: "user", before: { state: "awaiting_approval" } },
      { action: "withdrawal.submitted", actor_kind: "system", after: { state: "submitting" } },
      {
        action: "withdrawal.state_changed",
        actor_kind: "webhook",
        after: { state: "paid", serviceId: "s1" },
      },
    ]);
  });

  it("drops the old table", async () => {
    const { rows } = await client.query(`select to_regclass('withdrawal_audit') as table`);
    expect(rows).toEqual([{ table: null }]);
  });
});
