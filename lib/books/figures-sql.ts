import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { ledgerTotals } from "@/lib/db/schema";

/**
 * The statement's figures over ledger_totals rows, each a sum of the rows' amounts with the sign
 * the flow between its account types gives it (lib/ledger/accounts.ts):
 *
 * - received: payments and the service's corrections of their total, world → invoice, less a
 *   correction back (invoice → world);
 * - refunded: what left for the world from a refund's or an invoice's account (a refund paid),
 *   less what came back from it (reversed);
 * - paid out: the same from an ordinary payout's account or the merchant's balance;
 * - fees: what went to the service's fees, less what came back from them.
 *
 * Every flow to or from the world or the fees falls in exactly one of them, so received minus the
 * other three is what the merchant holds as Paydesk knows it: money reserved for a payout or on
 * its way has not left yet.
 */
const RECEIPTS = sql`('received', 'received_adjusted')`;
const REFUND_SOURCES = sql`('refund', 'invoice')`;
const PAYOUT_SOURCES = sql`('payout', 'merchant')`;

/** The columns of a flow: ledger_totals' own, or a subquery's that summed them further. */
export interface FlowColumns {
  kind: SQLWrapper;
  fromType: SQLWrapper;
  toType: SQLWrapper;
  amount: SQLWrapper;
}

/** Each figure's share of one row: its amount, its negation, or 0. */
export function figuresOf({ kind, fromType, toType, amount }: FlowColumns) {
  const signed = (plus: SQL, minus: SQL) =>
    sql`case when ${plus} then ${amount} when ${minus} then -${amount} else 0 end`;
  return {
    received: signed(
      sql`${kind} in ${RECEIPTS} and ${fromType} = 'world' and ${toType} = 'invoice'`,
      sql`${kind} = 'received_adjusted' and ${fromType} = 'invoice' and ${toType} = 'world'`,
    ),
    refunded: signed(
      sql`${kind} not in ${RECEIPTS} and ${fromType} in ${REFUND_SOURCES} and ${toType} = 'world'`,
      sql`${kind} not in ${RECEIPTS} and ${fromType} = 'world' and ${toType} in ${REFUND_SOURCES}`,
    ),
    paidOut: signed(
      sql`${fromType} in ${PAYOUT_SOURCES} and ${toType} = 'world'`,
      sql`${fromType} = 'world' and ${toType} in ${PAYOUT_SOURCES}`,
    ),
    fees: signed(sql`${toType} = 'fees'`, sql`${fromType} = 'fees'`),
  };
}

/** The figures of ledger_totals' rows as they are. */
export const totalsFigures = figuresOf(ledgerTotals);

/** A figure summed over the rows read, as the exact decimal text Postgres writes. */
export const sumOf = (figure: SQL) => sql<string>`coalesce(sum(${figure}), 0)::text`;
