import { sql } from "drizzle-orm";
import {
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
    orderId: text("order_id").notNull(),
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
    requestedBy: uuid("requested_by")
      .notNull()
      .references(() => users.id),
    requiredApprovals: integer("required_approvals").notNull().default(1),
    rejectionReason: text("rejection_reason"),
    serviceId: text("service_id"),
    serviceStatus: text("service_status"),
    serviceAmount: numeric("service_amount"),
    serviceCreatedAt: timestamp("service_created_at", { withTimezone: true }),
    serviceUpdatedAt: timestamp("service_updated_at", { withTimezone: true }),
    /** The service's reason for the last failed submission, in words, and its kind. */
    failureKind: text("failure_kind"),
    failureMessage: text("failure_message"),
    submitAttempts: integer("submit_attempts").notNull().default(0),
    /** When the background loop resubmits a withdrawal whose outcome is unknown. */
    nextSubmitAt: timestamp("next_submit_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("withdrawals_order_id_key").on(table.orderId),
    index("withdrawals_created_keyset_idx").on(table.createdAt.desc(), table.id.desc()),
    index("withdrawals_state_keyset_idx").on(table.state, table.createdAt.desc(), table.id.desc()),
    index("withdrawals_requester_keyset_idx").on(table.requestedBy, table.createdAt.desc(), table.id.desc()),
    index("withdrawals_address_idx").on(table.address),
    index("withdrawals_customer_idx").on(table.customerId),
    index("withdrawals_refund_of_invoice_idx")
      .on(table.refundOfInvoiceId)
      .where(sql`${table.refundOfInvoiceId} is not null`),
    index("withdrawals_resubmit_due_idx")
      .on(table.nextSubmitAt)
      .where(sql`${table.nextSubmitAt} is not null`),
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
