import { PGlite } from "@electric-sql/pglite";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "@/lib/db/migrate";

/**
 * Migration 0030 makes the notifications that asked someone to act tasks: a database with such
 * notifications from before keeps open only those whose task is still there.
 */
const client = new PGlite();
const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
const TASKS = migrations.findIndex((migration) => migration.sql.join("").includes('"needs_action"'));

async function apply(from: number, to: number) {
  for (const migration of migrations.slice(from, to))
    for (const statement of migration.sql) if (statement.trim()) await client.exec(statement);
}

const SAM = "00000000-0000-4000-8000-000000000001";
const FIN = "00000000-0000-4000-8000-000000000002";
const WAITING = "00000000-0000-4000-8000-0000000000a1";
const APPROVED = "00000000-0000-4000-8000-0000000000a2";
const FAILED = "00000000-0000-4000-8000-0000000000a3";

beforeAll(async () => {
  await apply(0, TASKS);
  await client.exec(`
    insert into users (id, email, name, role, password_hash) values
      ('${SAM}', 'sam@example.com', 'Sam', 'support', 'x'),
      ('${FIN}', 'fin@example.com', 'Fin', 'finance', 'x');
    insert into withdrawals (id, order_id, request_token, state, amount, currency, network, address, is_subtract, reason, requested_by) values
      ('${WAITING}', 'wd_1', 't1', 'awaiting_approval', '10', 'USDT', 'TRON', 'T', true, 'r', '${SAM}'),
      ('${APPROVED}', 'wd_2', 't2', 'approved', '10', 'USDT', 'TRON', 'T', true, 'r', '${SAM}'),
      ('${FAILED}', 'wd_3', 't3', 'failed', '10', 'USDT', 'TRON', 'T', true, 'r', '${SAM}');
    insert into notifications (user_id, kind, object_type, object_id, message, dedupe_key) values
      ('${FIN}', 'withdrawal.awaiting_approval', 'withdrawal', '${WAITING}', 'waits', 'k1'),
      ('${FIN}', 'withdrawal.awaiting_approval', 'withdrawal', '${APPROVED}', 'waited', 'k2'),
      ('${FIN}', 'withdrawal.failed', 'withdrawal', '${FAILED}', 'refused: send again', 'k3'),
      ('${SAM}', 'withdrawal.failed', 'withdrawal', '${FAILED}', 'your withdrawal was refused', 'k4'),
      ('${SAM}', 'invoice.expired', 'invoice', '${WAITING}', 'expired', 'k5');
  `);
  await apply(TASKS, TASKS + 1);
});
afterAll(() => client.close());

describe("migration 0030: notifications that asked someone to act become tasks", () => {
  it("keeps open the tasks still there, closes the others, and leaves news to requesters as news", async () => {
    const { rows } = await client.query<{ dedupe_key: string; needs_action: boolean; done: boolean }>(
      `select dedupe_key, needs_action, done_at is not null as done from notifications order by dedupe_key`,
    );
    expect(rows).toEqual([
      { dedupe_key: "k1", needs_action: true, done: false },
      { dedupe_key: "k2", needs_action: true, done: true },
      { dedupe_key: "k3", needs_action: true, done: false },
      { dedupe_key: "k4", needs_action: false, done: false },
      { dedupe_key: "k5", needs_action: false, done: false },
    ]);
  });
});
