import { sql } from "drizzle-orm";
import { invoices } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import type { KeysetCursor } from "@/lib/db/keyset";
import { cursorKeySql, newestFirst } from "@/lib/invoices/list-query";

/**
 * Seeds `count` invoices by INSERT … SELECT generate_series (two at once from 500,000): statuses
 * spread as a live shop's would be, created_at over the past year with whole-second ties,
 * customersFor(count) customers. Then VACUUM (ANALYZE): autovacuum would start on a bulk load soon
 * after it, throttled, and run for minutes on a large table while the pages are being timed.
 * Deterministic (no random()), so every run measures the same data.
 */
export async function seedInvoices(db: Db, count: number): Promise<void> {
  await withIndexesBuiltAfter(db, "invoices", count, () => insertInvoices(db, count));
  await db.execute(sql`vacuum (analyze) invoices`);
}

/**
 * Up to 20,000 customers, each with at least 40 invoices: a customer search finds a full page at
 * every size, so the 1,000-invoice baseline renders as many rows as the larger sizes do.
 */
export function customersFor(count: number): number {
  return Math.max(1, Math.min(20_000, Math.floor(count / 40)));
}

/** From this many rows, a table's indexes are dropped before the insert and built after it. */
const BUILD_INDEXES_AFTER = 500_000;
/** From as many rows, by this many statements at once on as many connections (two cores here). */
const PARALLEL_PARTS = 2;
const partsFor = (rows: number) => (rows >= BUILD_INDEXES_AFTER ? PARALLEL_PARTS : 1);

async function insertInvoices(db: Db, count: number): Promise<void> {
  const parts = partsFor(count);
  const size = Math.ceil(count / parts);
  await Promise.all(
    Array.from({ length: parts }, (_, part) =>
      insertInvoiceRange(db, part * size + 1, Math.min(count, (part + 1) * size), customersFor(count)),
    ),
  );
}

/** Invoices number `first` to `last`: each row depends on its number (and the customers) only. */
async function insertInvoiceRange(db: Db, first: number, last: number, customers: number): Promise<void> {
  await db.execute(sql`
    insert into invoices (
      order_id, creation_state, request, amount, fiat_currency, customer_id, service_id,
      service_status, status, is_final, crypto_amount, paid_fiat_amount, paid_crypto_amount,
      currency, network, pay_url, expires_at, created_at, updated_at)
    select
      'ord-' || g,
      case when g % 500 = 0 then 'sending' when g % 700 = 0 then 'rejected' else 'created' end,
      '{}'::jsonb,
      (1 + (g * 7919) % 100000 / 100.0)::numeric(12, 2),
      'USD',
      'cust-' || (g * 31 % ${customers}::bigint),
      case when g % 500 = 0 or g % 700 = 0 then null else 'svc-' || md5(g::text) end,
      s.service_status,
      s.status,
      s.status <> 'open',
      (1 + (g * 7919) % 100000 / 100.0)::numeric / 97000,
      case when s.status in ('paid', 'overpaid', 'underpaid') then (1 + (g * 7919) % 100000 / 100.0)::numeric(12, 2) end,
      case when s.status in ('paid', 'overpaid', 'underpaid') then (1 + (g * 7919) % 100000 / 100.0)::numeric / 97000 end,
      'USDT', 'tron', 'https://pay.example/' || md5(g::text),
      t.created_at + interval '1 hour', t.created_at, t.created_at
    from generate_series(${first}::bigint, ${last}::bigint) g
    cross join lateral (
      select now() - ((g * 7919) % 31536000) * interval '1 second' as created_at
    ) t
    cross join lateral (
      select b.status, b.service_status from (select (g * 37) % 100 as bucket) x
      cross join lateral (values (case
        when x.bucket < 55 then 'paid' when x.bucket < 80 then 'expired' when x.bucket < 90 then 'open'
        when x.bucket < 94 then 'underpaid' when x.bucket < 96 then 'overpaid' when x.bucket < 99 then 'failed'
        else 'unknown' end)) b0(status)
      cross join lateral (values (b0.status, case b0.status
        when 'open' then 'pending' when 'expired' then 'cancel' when 'overpaid' then 'paid_over'
        when 'underpaid' then 'wrong_amount' when 'failed' then 'fail' when 'unknown' then 'mystery'
        else 'paid' end)) b(status, service_status)
    ) s`);
}

/** The cursor of the row at `position` in list order (setup only: OFFSET is fine here, once). */
export async function cursorAt(db: Db, position: number): Promise<KeysetCursor> {
  const [row] = await db
    .select({ createdAt: cursorKeySql, id: invoices.id })
    .from(invoices)
    .orderBy(...newestFirst)
    .offset(position)
    .limit(1);
  if (!row) throw new Error(`no row at ${position}`);
  return row;
}

/**
 * The money of every seeded invoice with money on it (paid, overpaid, underpaid): its payment five
 * minutes after it was created, its status change to that status five minutes later (a live shop
 * has one or more of each per invoice; this is the fewest it could have), and the payment in the
 * books (seedLedger), where the home page reads what was received.
 */
export async function seedPaymentsAndEvents(db: Db, invoiceCount: number): Promise<void> {
  const parts = partsFor(invoiceCount);
  const eachPart = (insert: (part: number) => Promise<unknown>) =>
    Promise.all(Array.from({ length: parts }, (_, part) => insert(part)));
  await withIndexesBuiltAfter(db, "invoice_transactions", invoiceCount, () =>
    eachPart((part) =>
      db.execute(sql`
        insert into invoice_transactions (invoice_id, txid, source_wallet, amount, first_seen_at)
        select id, md5('tx-' || order_id), null, paid_crypto_amount, created_at + interval '5 minutes'
        from invoices
        where status in ('paid', 'overpaid', 'underpaid')
          and get_byte(uuid_send(id), 15) % ${parts} = ${part}`),
    ),
  );
  await withIndexesBuiltAfter(db, "invoice_events", invoiceCount, () =>
    eachPart((part) =>
      db.execute(sql`
        insert into invoice_events (invoice_id, kind, from_status, to_status, source, created_at)
        select id, 'status_changed', 'open', status, 'webhook', created_at + interval '10 minutes'
        from invoices
        where status in ('paid', 'overpaid', 'underpaid')
          and get_byte(uuid_send(id), 15) % ${parts} = ${part}`),
    ),
  );
  await db.execute(sql`vacuum (analyze) invoice_transactions, invoice_events`);
  await seedLedger(db, invoiceCount);
}

/**
 * The books of the seeded payments as the migration that built them writes them (0024_ledger.sql):
 * one `received` entry per payment, world → the invoice's account, when it was first seen. The
 * trigger that keeps ledger_totals is disabled while they are inserted (at 10,000,000 invoices,
 * six million upserts, most of them on the same few quarter hours' rows, one after another), and
 * the quarter-hour sums are then written once from an aggregate of the entries: what the trigger
 * would have left.
 */
export async function seedLedger(db: Db, invoiceCount: number): Promise<void> {
  const parts = partsFor(invoiceCount);
  await db.execute(sql`alter table ledger_entries disable trigger ledger_entries_add_to_totals`);
  try {
    await withIndexesBuiltAfter(db, "ledger_entries", invoiceCount, () =>
      Promise.all(
        Array.from({ length: parts }, (_, part) =>
          db.execute(sql`
            insert into ledger_entries (movement_id, kind, currency, network, amount, from_account, to_account, invoice_id, txid, evidence, moved_at)
            select gen_random_uuid(), 'received', i.currency, coalesce(i.network, ''), t.amount, 'world',
              'invoice:' || i.id, i.id, t.txid, 'migration', t.first_seen_at
            from invoice_transactions t join invoices i on i.id = t.invoice_id
            where i.currency is not null and t.amount > 0
              and get_byte(uuid_send(t.invoice_id), 15) % ${parts} = ${part}`),
        ),
      ),
    );
  } finally {
    await db.execute(sql`alter table ledger_entries enable trigger ledger_entries_add_to_totals`);
  }
  await db.execute(sql`
    insert into ledger_totals (bucket, currency, network, kind, from_type, to_type, amount, entries)
    select date_bin('15 minutes', moved_at, timestamptz '2000-01-01 00:00:00+00'), currency, network, kind,
      split_part(from_account, ':', 1), split_part(to_account, ':', 1), sum(amount), count(*)
    from ledger_entries
    group by 1, 2, 3, 4, 5, 6`);
  await db.execute(sql`vacuum (analyze) ledger_entries, ledger_totals`);
}

/**
 * Millions of rows inserted into a table with its indexes in place update every index row by row
 * (random UUIDs and order ids all over each tree); building each index once afterwards sorts
 * instead. Indexes that back a constraint (the primary key, which foreign keys need) stay. The
 * same definitions are built again, so the plans measured are the app's.
 */
export async function withIndexesBuiltAfter(
  db: Db,
  table: string,
  rows: number,
  insert: () => Promise<unknown>,
) {
  if (rows < BUILD_INDEXES_AFTER) {
    await insert();
    return;
  }
  const result = (await db.execute(sql`
    select indexname, indexdef from pg_indexes
    where schemaname = current_schema() and tablename = ${table}
      and indexname not in (select conname from pg_constraint where conrelid = ${table}::regclass)`)) as unknown as {
    rows: { indexname: string; indexdef: string }[];
  };
  for (const { indexname } of result.rows) await db.execute(sql`drop index ${sql.identifier(indexname)}`);
  await insert();
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '1GB'`);
    for (const { indexdef } of result.rows) await tx.execute(sql.raw(indexdef));
  });
}
