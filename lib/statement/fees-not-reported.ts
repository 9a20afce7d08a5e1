import "server-only";
import { sql } from "drizzle-orm";

/**
 * A payout (or refund) whose fee the service never told: no fee, and no amount received from
 * which one follows (lib/ledger/payout-target.ts, payoutFee). The ledger has no fee entry for it,
 * which is not a fee of 0: the statement counts such payouts beside the fees. Table alias `w`.
 */
export const FEE_NOT_REPORTED = sql`(w.service_fee is null and (w.service_payout_amount is null or w.is_subtract))`;

/** An entry (alias `e`) that paid a payout's or a refund's money out to its recipient. */
export const ENTRY_PAID_TO_RECIPIENT = sql`(e.to_account = 'world' and e.withdrawal_id is not null and e.from_account <> 'fees' and e.kind not in ('received', 'received_adjusted'))`;
