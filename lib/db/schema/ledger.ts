import { sql } from "drizzle-orm";
import {
  bigserial,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * The books: every movement of money Paydesk knows of, as transfers between accounts in one coin
 * and network (double entry: each row takes `amount` from one account and puts it in another, so
 * every movement sums to zero). Append-only: a trigger refuses UPDATE and DELETE; a movement is
 * undone by a transfer back. The accounts are described in lib/ledger/accounts.ts and
 * docs/design.md. Written in the same transaction as the state change it follows.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The entries one state change wrote share it (a payout paid with its fee is two). */
    movementId: uuid("movement_id").notNull(),
    /** received, received_adjusted, reserved, sent, failed, paid, released, fee, reversed. */
    kind: text("kind").notNull(),
    currency: text("currency").notNull(),
    network: text("network").notNull(),
    /** Always positive: the direction is from_account → to_account. */
    amount: numeric("amount").notNull(),
    fromAccount: text("from_account").notNull(),
    toAccount: text("to_account").notNull(),
    /**
     * The invoice and the payout it belongs to (a refund's entries carry both). No foreign keys:
     * the books outlive any row they mention, and an append-only table cannot follow a cascade.
     */
    invoiceId: uuid("invoice_id"),
    withdrawalId: uuid("withdrawal_id"),
    /** The blockchain transaction behind it, when known (a payment's hash, a payout's txid). */
    txid: text("txid"),
    /** What told Paydesk: webhook, refresh, person, loop, request, migration. */
    evidence: text("evidence").notNull(),
    /** The person whose decision or record it follows, when a person's. */
    actorId: uuid("actor_id"),
    /** When the money moved, as well as Paydesk knows it (a payment's first sight, a payout's report). */
    movedAt: timestamp("moved_at", { withTimezone: true }).notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("ledger_entries_invoice_idx")
      .on(table.invoiceId, table.id)
      .where(sql`${table.invoiceId} is not null`),
    index("ledger_entries_withdrawal_idx")
      .on(table.withdrawalId, table.id)
      .where(sql`${table.withdrawalId} is not null`),
    // The statement's lines of a range, in order.
    index("ledger_entries_moved_idx").on(table.movedAt, table.id),
  ],
);

/**
 * Sums of the ledger per quarter of an hour, coin, network, kind and pair of account types, kept
 * by a trigger in the same transaction as each entry: the home page's volume and a statement's
 * opening balance read these instead of every entry. Quarter hours serve every time zone in use.
 */
export const ledgerTotals = pgTable(
  "ledger_totals",
  {
    bucket: timestamp("bucket", { withTimezone: true }).notNull(),
    currency: text("currency").notNull(),
    network: text("network").notNull(),
    kind: text("kind").notNull(),
    /** The accounts' types (the part before the first colon): world, invoice, payout, merchant, fees. */
    fromType: text("from_type").notNull(),
    toType: text("to_type").notNull(),
    amount: numeric("amount").notNull(),
    entries: integer("entries").notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.bucket, table.currency, table.network, table.kind, table.fromType, table.toType],
    }),
  ],
);

export type LedgerEntry = typeof ledgerEntries.$inferSelect;
