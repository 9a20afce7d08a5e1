import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { WITHDRAWAL_STATES } from "./enums";
import { invoices } from "./invoices";
import { users } from "./users";

/** A payout request and its way to the service; see lib/withdrawals/state-machine.ts. */
export const withdrawals = pgTable(
  "withdrawals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Made by the server (wd_…) and sent to the service: one order id, one address, one amount. */
    orderId: text("order_id").notNull(),
    /**
     * The idempotency token of the form that asked for it (made when the form was opened): the
     * same form sent twice by its requester gives back the request it made.
     */
    requestToken: text("request_token").notNull(),
    state: text("state", { enum: WITHDRAWAL_STATES }).notNull(),
    /** Exactly one of amount (crypto) and fiatAmount (with fiatCurrency) is set. */
    amount: numeric("amount"),
    fiatAmount: numeric("fiat_amount"),
    fiatCurrency: text("fiat_currency"),
    currency: text("currency").notNull(),
    network: text("network").notNull(),
    address: text("address").notNull(),
    isSubtract: boolean("is_subtract").notNull(),
    customerId: text("customer_id"),
    reason: text("reason").notNull(),
    /** Set when this payout refunds (part of) what an invoice received; see lib/refunds. */
    refundOfInvoiceId: uuid("refund_of_invoice_id").references(() => invoices.id),
    /** Set on a payout made by Send again after the service failed this one's predecessor. */
    resendOfWithdrawalId: uuid("resend_of_withdrawal_id").references((): AnyPgColumn => withdrawals.id),
    requestedBy: uuid("requested_by")
      .notNull()
      .references(() => users.id),
    requiredApprovals: integer("required_approvals").notNull().default(1),
    rejectionReason: text("rejection_reason"),
    serviceId: text("service_id"),
    serviceStatus: text("service_status"),
    serviceAmount: numeric("service_amount"),
    /**
     * The service's fee for the payout and what the recipient received, as its answers and reports
     * give them; null where it said nothing (never taken as 0).
     */
    serviceFee: numeric("service_fee"),
    servicePayoutAmount: numeric("service_payout_amount"),
    serviceCreatedAt: timestamp("service_created_at", { withTimezone: true }),
    serviceUpdatedAt: timestamp("service_updated_at", { withTimezone: true }),
    /** The transaction reference of the payout: from the service's report, or recorded by finance. */
    serviceTxid: text("service_txid"),
    /** The service's reason for the last failed submission, in words, and its kind. */
    failureKind: text("failure_kind"),
    failureMessage: text("failure_message"),
    submitAttempts: integer("submit_attempts").notNull().default(0),
    /** When the background loop resubmits a withdrawal whose outcome is unknown. */
    nextSubmitAt: timestamp("next_submit_at", { withTimezone: true }),
    /** A submitted payout with no final word from the service by then needs review. */
    staleAt: timestamp("stale_at", { withTimezone: true }),
    /** Why a person must look at it (needs review, conflict), in words; null otherwise. */
    reviewReason: text("review_reason"),
    /**
     * Closing a payout that may have left (its outcome unknown, or the service's word contradicts
     * Paydesk) takes two people: one proposes, a second one in finance confirms nothing was sent.
     */
    closeProposedBy: uuid("close_proposed_by").references(() => users.id),
    closeProposedAt: timestamp("close_proposed_at", { withTimezone: true }),
    closeProposedReason: text("close_proposed_reason"),
    /**
     * Recording a payout paid from the service's back office (it needs review, or is in conflict)
     * takes two people as closing does: one proposes it with the amount and transaction the back
     * office shows, and a note; a second one in finance confirms or declines. The proposer's id
     * has no foreign key: the migration that added these only adds columns (users are disabled,
     * never deleted, so it always names one).
     */
    paidProposedBy: uuid("paid_proposed_by"),
    paidProposedAt: timestamp("paid_proposed_at", { withTimezone: true }),
    paidProposedAmount: numeric("paid_proposed_amount"),
    paidProposedTxid: text("paid_proposed_txid"),
    paidProposedNote: text("paid_proposed_note"),
    /**
     * When it was established that nothing was paid out: the service refused or failed it, or a
     * second person confirmed it (nothingSentBy). A closed refund gives its share back only then.
     */
    nothingSentAt: timestamp("nothing_sent_at", { withTimezone: true }),
    nothingSentBy: uuid("nothing_sent_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("withdrawals_order_id_key").on(table.orderId),
    uniqueIndex("withdrawals_request_token_key").on(table.requestedBy, table.requestToken),
    index("withdrawals_created_keyset_idx").on(table.createdAt.desc(), table.id.desc()),
    index("withdrawals_state_keyset_idx").on(table.state, table.createdAt.desc(), table.id.desc()),
    index("withdrawals_requester_keyset_idx").on(table.requestedBy, table.createdAt.desc(), table.id.desc()),
    index("withdrawals_address_idx").on(table.address),
    index("withdrawals_customer_idx").on(table.customerId),
    // The list's search by transaction hash.
    index("withdrawals_service_txid_idx").on(table.serviceTxid),
    index("withdrawals_refund_of_invoice_idx")
      .on(table.refundOfInvoiceId)
      .where(sql`${table.refundOfInvoiceId} is not null`),
    index("withdrawals_resubmit_due_idx")
      .on(table.nextSubmitAt)
      .where(sql`${table.nextSubmitAt} is not null`),
    index("withdrawals_stale_due_idx")
      .on(table.staleAt)
      .where(sql`${table.staleAt} is not null`),
  ],
);

export const withdrawalApprovals = pgTable(
  "withdrawal_approvals",
  {
    withdrawalId: uuid("withdrawal_id")
      .notNull()
      .references(() => withdrawals.id, { onDelete: "cascade" }),
    approverId: uuid("approver_id")
      .notNull()
      .references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("withdrawal_approvals_key").on(table.withdrawalId, table.approverId)],
);

export type Withdrawal = typeof withdrawals.$inferSelect;
