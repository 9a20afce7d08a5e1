import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "@/lib/db/migrate";
import * as schema from "@/lib/db/schema";
import { findLedgerDifferences } from "./check";

/**
 * Migration 0024 on a database in use: the books are built from today's rows (payments, the
 * service's totals, payouts and refunds in every state, fees), agree with them to the last digit,
 * and the release before, which knows nothing of the ledger, still writes its rows.
 */
const client = new PGlite();
const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
const LEDGER = migrations.findIndex((migration) =>
  migration.sql.join("").includes('CREATE TABLE "ledger_entries"'),
);

async function apply(from: number, to: number) {
  for (const migration of migrations.slice(from, to))
    for (const statement of migration.sql) if (statement.trim()) await client.exec(statement);
}

const user = "00000000-0000-4000-8000-000000000001";
const invoice = (n: number) => `00000000-0000-4000-8000-00000000010${n}`;
const payout = (n: number) => `00000000-0000-4000-8000-00000000020${n}`;

beforeAll(async () => {
  await apply(0, LEDGER);
  await client.exec(`
    insert into users (id, email, name, role, password_hash) values ('${user}', 'ana@example.com', 'Ana', 'finance', 'x');
    insert into invoices (id, order_id, creation_state, request, amount, fiat_currency, status, currency, network, crypto_amount, paid_crypto_amount) values
      ('${invoice(1)}', 'inv_paid', 'created', '{}', '10', 'USD', 'paid', 'USDT', 'TRON', '10', '10'),
      ('${invoice(2)}', 'inv_overpaid', 'created', '{}', '10', 'USD', 'overpaid', 'USDT', 'TRON', '10', '15'),
      ('${invoice(3)}', 'inv_total_only', 'created', '{}', '10', 'USD', 'underpaid', 'ETH', 'ETH', '0.2', '0.123456789'),
      ('${invoice(4)}', 'inv_open', 'created', '{}', '10', 'USD', 'open', 'USDT', 'TRON', '10', null),
      ('${invoice(5)}', 'inv_sending', 'sending', '{}', '10', 'USD', 'open', null, null, null, null);
    insert into invoice_transactions (invoice_id, txid, amount, first_seen_at) values
      ('${invoice(1)}', 'tx1', '10', '2026-10-01T10:00:00Z'),
      ('${invoice(2)}', 'tx2a', '10', '2026-10-02T10:00:00Z'),
      ('${invoice(2)}', 'tx2b', '5', '2026-10-02T11:00:00Z');
    insert into withdrawals (id, order_id, request_token, state, amount, service_amount, fiat_amount, fiat_currency, currency, network, address, is_subtract, reason, requested_by, refund_of_invoice_id, service_fee, service_payout_amount, nothing_sent_at, service_updated_at) values
      ('${payout(1)}', 'wd_refund_paid', 't1', 'paid', '5', null, null, null, 'USDT', 'TRON', 'T', false, 'r', '${user}', '${invoice(2)}', '0.5', '4.5', null, '2026-10-03T10:00:00Z'),
      ('${payout(2)}', 'wd_waiting', 't2', 'awaiting_approval', '3', null, null, null, 'USDT', 'TRON', 'T', true, 'r', '${user}', null, null, null, null, null),
      ('${payout(3)}', 'wd_fiat_sent', 't3', 'submitted', null, '20.5', '20', 'EUR', 'USDT', 'TRON', 'T', true, 'r', '${user}', null, null, null, null, null),
      ('${payout(4)}', 'wd_closed_unknown', 't4', 'closed', '2', null, null, null, 'USDT', 'TRON', 'T', true, 'r', '${user}', null, null, null, null, null),
      ('${payout(5)}', 'wd_closed_refused', 't5', 'closed', '2', null, null, null, 'USDT', 'TRON', 'T', true, 'r', '${user}', null, null, null, '2026-10-04T10:00:00Z', null),
      ('${payout(6)}', 'wd_paid_fee_from_balance', 't6', 'paid', '7', null, null, null, 'USDT', 'TRON', 'T', true, 'r', '${user}', null, '1', null, null, '2026-10-05T10:00:00Z'),
      ('${payout(7)}', 'wd_fiat_waiting', 't7', 'awaiting_approval', null, null, '5', 'EUR', 'USDT', 'TRON', 'T', true, 'r', '${user}', null, null, null, null, null);
    insert into invoice_resolutions (invoice_id, kind, note, resolved_by) values ('${invoice(2)}', 'refunded', 'excess sent back', '${user}');
  `);
  await apply(LEDGER, LEDGER + 1);
});
afterAll(() => client.close());

const entries = async (where: string) =>
  (
    await client.query<{ kind: string; from_account: string; to_account: string; amount: string }>(
      `select kind, from_account, to_account, amount::text from ledger_entries where ${where} order by id`,
    )
  ).rows.map((row) => [row.kind, row.from_account, row.to_account, row.amount]);

describe("migration 0024 on a database in use", () => {
  it("books each payment when it was first seen, and the service's total where only it is known", async () => {
    expect(await entries(`invoice_id = '${invoice(1)}'`)).toEqual([
      ["received", "world", `invoice:${invoice(1)}`, "10"],
    ]);
    expect(await entries(`invoice_id = '${invoice(3)}'`)).toEqual([
      ["received_adjusted", "world", `invoice:${invoice(3)}`, "0.123456789"],
    ]);
    expect(await entries(`invoice_id in ('${invoice(4)}', '${invoice(5)}')`)).toEqual([]);
    const { rows } = await client.query<{ moved_at: Date }>(
      `select moved_at from ledger_entries where txid = 'tx2b'`,
    );
    expect(rows[0]?.moved_at).toEqual(new Date("2026-10-02T11:00:00Z"));
  });

  it("puts each payout's money where its state says, with the fee the service reported", async () => {
    expect(await entries(`withdrawal_id = '${payout(1)}'`)).toEqual([
      ["paid", `invoice:${invoice(2)}`, "world", "4.5"],
      ["fee", `invoice:${invoice(2)}`, "fees", "0.5"],
    ]);
    expect(await entries(`withdrawal_id = '${payout(2)}'`)).toEqual([
      ["reserved", "merchant", `payout:${payout(2)}:reserved`, "3"],
    ]);
    expect(await entries(`withdrawal_id = '${payout(3)}'`)).toEqual([
      ["sent", "merchant", `payout:${payout(3)}:in_flight`, "20.5"],
    ]);
    expect(await entries(`withdrawal_id = '${payout(4)}'`)).toEqual([
      ["sent", "merchant", `payout:${payout(4)}:in_flight`, "2"],
    ]);
    expect(await entries(`withdrawal_id in ('${payout(5)}', '${payout(7)}')`)).toEqual([]);
    expect(await entries(`withdrawal_id = '${payout(6)}'`)).toEqual([
      ["paid", "merchant", "world", "7"],
      ["fee", "merchant", "fees", "1"],
    ]);
  });

  it("keeps the quarter-hour totals of what it booked", async () => {
    const { rows } = await client.query<{ amount: string }>(
      `select sum(amount)::text as amount from ledger_totals where kind = 'received' and currency = 'USDT'`,
    );
    expect(rows[0]?.amount).toBe("25");
  });

  it("gives each invoice what refunds sent back, and marks those that went wrong", async () => {
    const { rows } = await client.query<{ order_id: string; refunded: string; went_wrong: boolean }>(
      `select order_id, refunded_crypto_amount::text as refunded, exception_seen_at is not null as went_wrong from invoices order by order_id`,
    );
    expect(rows).toEqual([
      { order_id: "inv_open", refunded: "0", went_wrong: false },
      { order_id: "inv_overpaid", refunded: "5", went_wrong: true },
      { order_id: "inv_paid", refunded: "0", went_wrong: false },
      { order_id: "inv_sending", refunded: "0", went_wrong: false },
      { order_id: "inv_total_only", refunded: "0", went_wrong: true },
    ]);
  });

  it("lets the release before write its rows as it did", async () => {
    await client.exec(`
      insert into invoices (order_id, creation_state, request, amount, fiat_currency) values ('inv_old_release', 'sending', '{}', '10', 'USD');
      insert into withdrawals (order_id, request_token, state, amount, currency, network, address, is_subtract, reason, requested_by)
        values ('wd_old_release', 'told', 'awaiting_approval', '1', 'USDT', 'TRON', 'T', true, 'r', '${user}');
      update withdrawals set state = 'rejected' where order_id = 'wd_old_release';
    `);
    const { rows } = await client.query(`select 1 from withdrawals where order_id = 'wd_old_release'`);
    expect(rows).toHaveLength(1);
  });

  it("agrees with every invoice and payout: ledger:check finds no difference", async () => {
    await apply(LEDGER + 1, migrations.length);
    const db = drizzle(client, { schema });
    expect(await findLedgerDifferences(db as never)).toEqual([]);
  });
});
