import "server-only";
import { sql, type SQL } from "drizzle-orm";

/** The transfer an entry (or a row of ledger_totals) is, as line-types.ts names it. */
export interface TransferColumns {
  kind: SQL;
  /** The accounts' types: world, fees, merchant, invoice, refund, payout. */
  fromType: SQL;
  toType: SQL;
  /** True for a refund's entry (it names its invoice), false for a payout's. */
  isRefund: SQL;
}

/**
 * The entry's line type (line-types.ts), or null for an entry between the merchant's own accounts.
 * The one place the statement's rules are written; every figure, line and download reads them.
 */
export function lineTypeSql({ kind, fromType, toType, isRefund }: TransferColumns): SQL<string | null> {
  return sql<string | null>`case
    when ${kind} in ('received', 'received_adjusted') then case
      when ${fromType} = 'world' and ${toType} = 'invoice' then
        case when ${kind} = 'received' then 'payment' else 'receipt_corrected_up' end
      when ${fromType} = 'invoice' and ${toType} = 'world' then 'receipt_corrected_down'
    end
    when ${fromType} = 'world' and ${toType} = 'fees' then
      case when ${isRefund} then 'refund_fee_learnt' else 'payout_fee_learnt' end
    when ${fromType} = 'fees' and ${toType} = 'world' then
      case when ${isRefund} then 'refund_fee_corrected' else 'payout_fee_corrected' end
    when ${toType} = 'fees' then 'fee'
    when ${fromType} = 'fees' then 'fee_given_back'
    when ${toType} = 'world' and ${fromType} in ('invoice', 'refund') then 'refund_paid'
    when ${toType} = 'world' and ${fromType} in ('payout', 'merchant') then 'payout_paid'
    when ${fromType} = 'world' and ${toType} in ('invoice', 'refund') then 'refund_came_back'
    when ${fromType} = 'world' and ${toType} in ('payout', 'merchant') then 'payout_came_back'
  end`;
}

/** An entry's columns (table alias `e`). */
export const ENTRY_COLUMNS: TransferColumns = {
  kind: sql`e.kind`,
  fromType: sql`split_part(e.from_account, ':', 1)`,
  toType: sql`split_part(e.to_account, ':', 1)`,
  isRefund: sql`(e.invoice_id is not null)`,
};

/** An entry whose one side is outside the merchant (world or fees): a line of the statement. */
export const ENTRY_CHANGES_BALANCE = sql`(e.from_account in ('world', 'fees') or e.to_account in ('world', 'fees'))`;
