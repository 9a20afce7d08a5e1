import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/types";
import { withIndexesBuiltAfter } from "./seed";

/** Payments are this share of the entries; payouts (four entries each, three without a fee) the rest. */
const PAYMENT_SHARE = 0.6;
/** Every this many payouts, one the service reported no fee for. */
const NO_FEE_EVERY = 20;
const SPAN_SECONDS = 730 * 86_400;
const PARTS = 2;

/**
 * About `rows` ledger entries over the two years before now, as a shop's books would hold them:
 * payments (world → invoice), and payouts reserved, sent, paid and their fee, with a withdrawals
 * row each (one in NO_FEE_EVERY with no fee reported and no fee entry). INSERT … SELECT
 * generate_series, deterministic (no random()).
 *
 * The totals trigger would add to ledger_totals row by row (an upsert per entry: far too slow
 * for 10,000,000), so it is off while the entries go in and ledger_totals is written once from
 * their aggregate, exactly what the trigger would have summed. Invoices are not seeded: a line
 * names its invoice through a left join on its primary key, which finds nothing here.
 */
export async function seedLedger(
  db: Db,
  rows: number,
  requestedBy: string,
): Promise<{ payments: number; payouts: number }> {
  const payments = Math.round(rows * PAYMENT_SHARE);
  const payouts = Math.round((rows - payments) / (4 - 1 / NO_FEE_EVERY));
  const eachPart = (count: number, insert: (first: number, last: number) => Promise<unknown>) => {
    const size = Math.ceil(count / PARTS);
    return Promise.all(
      Array.from({ length: PARTS }, (_, part) => insert(part * size + 1, Math.min(count, (part + 1) * size))),
    );
  };
  await db.execute(sql`alter table ledger_entries disable trigger ledger_entries_add_to_totals`);
  try {
    await withIndexesBuiltAfter(db, "withdrawals", payouts, () =>
      eachPart(payouts, (first, last) =>
        db.execute(sql`
          insert into withdrawals (id, order_id, request_token, state, amount, currency, network, address,
            is_subtract, reason, requested_by, service_fee, service_status, service_updated_at, created_at, updated_at)
          select md5('payout-' || p)::uuid, 'wd_bench_' || p, 'bench-' || p, 'paid',
            (1 + (p * 7919) % 50000 / 100.0)::numeric(12, 2), 'USDT', case when p % 5 = 0 then 'ETH' else 'TRON' end,
            'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', true, 'bench payout', ${requestedBy}::uuid,
            case when p % ${NO_FEE_EVERY} = 0 then null else 1 end, 'paid', t.at + interval '10 minutes', t.at, t.at
          from generate_series(${first}::bigint, ${last}::bigint) p
          cross join lateral (select now() - ((p * 104729) % ${SPAN_SECONDS}) * interval '1 second' as at) t`),
      ),
    );
    // One statement in time order, as the books are written (an entry is appended when its money
    // moves or soon after), so the table's order follows moved_at as a live one's does.
    await withIndexesBuiltAfter(db, "ledger_entries", rows, () =>
      db.execute(sql`
        insert into ledger_entries (movement_id, kind, currency, network, amount, from_account, to_account,
          invoice_id, withdrawal_id, txid, evidence, moved_at, recorded_at)
        select * from (
          select md5('payment-' || g)::uuid, 'received', 'USDT', case when g % 5 = 0 then 'ETH' else 'TRON' end,
            (1 + (g * 7919) % 100000 / 100.0)::numeric(12, 2), 'world', 'invoice:' || md5('invoice-' || g)::uuid,
            md5('invoice-' || g)::uuid, null::uuid, md5('tx-' || g), 'webhook', t.at, t.at
          from generate_series(1, ${payments}::bigint) g
          cross join lateral (select now() - ((g * 7919) % ${SPAN_SECONDS}) * interval '1 second' as at) t
          union all
          select md5(m.kind || w.order_id)::uuid, m.kind, 'USDT', w.network, m.amount, m.from_account, m.to_account,
            null::uuid, w.id, md5('payout-tx-' || w.order_id), 'webhook', m.at, m.at
          from withdrawals w
          cross join lateral (values
            ('reserved', w.amount, 'merchant', 'payout:' || w.id || ':reserved', w.created_at),
            ('sent', w.amount, 'payout:' || w.id || ':reserved', 'payout:' || w.id || ':in_flight', w.created_at + interval '1 minute'),
            ('paid', w.amount, 'payout:' || w.id || ':in_flight', 'world', w.service_updated_at),
            ('fee', w.service_fee, 'merchant', 'fees', w.service_updated_at)
          ) m(kind, amount, from_account, to_account, at)
          where m.amount is not null
        ) entries
        order by 12`),
    );
    await db.execute(sql`
      insert into ledger_totals (bucket, currency, network, kind, from_type, to_type, amount, entries)
      select date_bin('15 minutes', moved_at, timestamptz '2000-01-01 00:00:00+00'), currency, network, kind,
        split_part(from_account, ':', 1), split_part(to_account, ':', 1), sum(amount), count(*)
      from ledger_entries
      group by 1, 2, 3, 4, 5, 6`);
  } finally {
    await db.execute(sql`alter table ledger_entries enable trigger ledger_entries_add_to_totals`);
  }
  await db.execute(sql`vacuum (analyze) ledger_entries, ledger_totals, withdrawals`);
  return { payments, payouts };
}
