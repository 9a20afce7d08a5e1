import { PGlite } from "@electric-sql/pglite";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "@/lib/db/migrate";

/**
 * Migration 0014 on a database with payouts and invoices in it: every withdrawal gets its request
 * token (the order id its form carried), a submitted payout a deadline for its final word, a
 * payout closed after the service refused it its share back (one closed while its outcome was
 * unknown keeps it until a second person confirms), and an invoice left in "sending" is due for
 * the loop that resends creations.
 */
const client = new PGlite();
const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
const MONEY = migrations.findIndex((migration) => migration.sql.join("").includes('"nothing_sent_at"'));

async function apply(from: number, to: number) {
  for (const migration of migrations.slice(from, to))
    for (const statement of migration.sql) if (statement.trim()) await client.exec(statement);
}

const user = "00000000-0000-4000-8000-000000000001";
const payout = (n: number) => `00000000-0000-4000-8000-0000000000a${n}`;

beforeAll(async () => {
  await apply(0, MONEY);
  await client.exec(`
    insert into users (id, email, name, role, password_hash) values ('${user}', 'ana@example.com', 'Ana', 'finance', 'x');
    insert into withdrawals (id, order_id, state, amount, currency, network, address, is_subtract, reason, requested_by, updated_at) values
      ('${payout(1)}', 'wd_submitted', 'submitted', '10', 'USDT', 'TRON', 'T', true, 'r', '${user}', now() - interval '30 hours'),
      ('${payout(2)}', 'wd_refused', 'closed', '10', 'USDT', 'TRON', 'T', true, 'r', '${user}', '2025-01-02T10:00:00Z'),
      ('${payout(3)}', 'wd_unknown', 'closed', '10', 'USDT', 'TRON', 'T', true, 'r', '${user}', '2025-01-03T10:00:00Z');
    insert into audit_log (actor_kind, actor_id, action, object_type, object_id, before, after) values
      ('user', '${user}', 'withdrawal.closed', 'withdrawal', '${payout(2)}', '{"state": "failed"}', '{"state": "closed"}'),
      ('user', '${user}', 'withdrawal.closed', 'withdrawal', '${payout(3)}', '{"state": "needs_review"}', '{"state": "closed"}');
    insert into invoices (order_id, creation_state, request, amount, fiat_currency) values
      ('inv_sending', 'sending', '{}', '10', 'USD'),
      ('inv_created', 'created', '{}', '10', 'USD');
  `);
  await apply(MONEY, MONEY + 1);
});
afterAll(() => client.close());

const withdrawal = async (orderId: string) =>
  (await client.query<Record<string, unknown>>(`select * from withdrawals where order_id = $1`, [orderId]))
    .rows[0];

describe("migration 0014 on a database in use", () => {
  it("gives every withdrawal its form's token: the order id it carried", async () => {
    expect(await withdrawal("wd_refused")).toMatchObject({ request_token: "wd_refused" });
  });

  it("gives a submitted payout a deadline for its final word, never in the past", async () => {
    const row = await withdrawal("wd_submitted");
    expect((row?.stale_at as Date).getTime()).toBeGreaterThanOrEqual(Date.now() - 60_000);
  });

  it("frees the share of a payout closed after a refusal, not of one closed while its outcome was unknown", async () => {
    expect((await withdrawal("wd_refused"))?.nothing_sent_at).toEqual(new Date("2025-01-02T10:00:00Z"));
    expect((await withdrawal("wd_unknown"))?.nothing_sent_at).toBeNull();
  });

  it("makes an invoice left in sending due for the resend loop, and only that one", async () => {
    const { rows } = await client.query<{ order_id: string; due: boolean }>(
      `select order_id, next_send_at is not null as due from invoices order by order_id`,
    );
    expect(rows).toEqual([
      { order_id: "inv_created", due: false },
      { order_id: "inv_sending", due: true },
    ]);
  });
});
