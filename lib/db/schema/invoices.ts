import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Paydesk's ledger of the invoices it created. The service's record is the truth; this row is a
 * cache of it with history. A row exists before the service is called (creation_state "sending"),
 * so a timeout never loses the intent, and every retry reuses its order_id.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: text("order_id").notNull(),
    /** sending: recorded, the service has not confirmed yet; created: it has; rejected: it refused (4xx). */
    creationState: text("creation_state", { enum: ["sending", "created", "rejected"] }).notNull(),
    creationError: text("creation_error"),
    /** The exact request, so a retry sends the same thing and nothing typed is lost. */
    request: jsonb("request").notNull(),
    amount: numeric("amount").notNull(),
    fiatCurrency: text("fiat_currency").notNull(),
    customerId: text("customer_id"),
    /** Where the payment link may be emailed (issue 26); Paydesk's own, never sent to the service. */
    customerEmail: text("customer_email"),
    /** Remind the customer this many minutes before expiry, once, while unpaid; null: no reminder. */
    remindMinutesBefore: integer("remind_minutes_before"),
    /** When the reminder was queued (it is queued once). */
    reminderQueuedAt: timestamp("reminder_queued_at", { withTimezone: true }),
    serviceId: text("service_id"),
    /** The service's own status word, as it sent it. */
    serviceStatus: text("service_status"),
    /** serviceStatus normalised: open, paid, overpaid, underpaid, expired, failed, or unknown. */
    status: text("status").notNull().default("open"),
    isFinal: boolean("is_final").notNull().default(false),
    cryptoAmount: numeric("crypto_amount"),
    remainingCryptoAmount: numeric("remaining_crypto_amount"),
    paidFiatAmount: numeric("paid_fiat_amount"),
    paidCryptoAmount: numeric("paid_crypto_amount"),
    currency: text("currency"),
    network: text("network"),
    wallet: text("wallet"),
    payUrl: text("pay_url"),
    isPaymentMultiple: boolean("is_payment_multiple").notNull().default(true),
    additionalData: jsonb("additional_data"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    serviceCreatedAt: timestamp("service_created_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastSyncedAt: timestamp("last_synced_at", { withTimezone: true }),
    /** When the background loop should look at this invoice next; null once nothing can change. */
    nextRefreshAt: timestamp("next_refresh_at", { withTimezone: true }),
    refreshFailures: integer("refresh_failures").notNull().default(0),
    /** Calls made to create it at the service, by people and by the loop that resends creations. */
    sendAttempts: integer("send_attempts").notNull().default(0),
    /**
     * While the creation is unconfirmed: when the background loop sends it again (same order id).
     * Null once confirmed or refused, and when the loop gave up (a person sends it again).
     */
    nextSendAt: timestamp("next_send_at", { withTimezone: true }),
    /**
     * What refunds of it sent back (paid, or on their way), kept from the ledger in the same
     * transaction as each refund's move; the worklist reads it without summing entries.
     */
    refundedCryptoAmount: numeric("refunded_crypto_amount").notNull().default("0"),
    /** When Paydesk first saw it go wrong (overpaid, underpaid, paid after expiry); null if it never did. */
    exceptionSeenAt: timestamp("exception_seen_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("invoices_order_id_key").on(table.orderId),
    uniqueIndex("invoices_service_id_key").on(table.serviceId),
    index("invoices_created_keyset_idx").on(table.createdAt.desc(), table.id.desc()),
    index("invoices_status_keyset_idx").on(table.status, table.createdAt.desc(), table.id.desc()),
    // "Created by me": one person's invoices, newest first, without sorting all of theirs.
    index("invoices_creator_keyset_idx").on(table.createdBy, table.createdAt.desc(), table.id.desc()),
    index("invoices_customer_idx").on(table.customerId, table.createdAt.desc()),
    // The list's search: a customer's email whatever its case, and the address it was paid to.
    index("invoices_customer_email_idx").on(sql`lower(${table.customerEmail})`),
    index("invoices_wallet_idx").on(table.wallet),
    // The worklist: exceptions oldest first. The predicate is lib/exceptions/exception-status.ts's
    // exceptionSql, written out the same so the planner can use this index for it.
    index("invoices_open_exceptions_idx")
      .on(table.createdAt, table.id)
      .where(
        sql`${table.creationState} = 'created' and (${table.status} in ('overpaid', 'underpaid') or (${table.status} = 'expired' and ${table.paidCryptoAmount} > 0) or (${table.status} = 'paid' and ${table.exceptionSeenAt} is not null and ${table.refundedCryptoAmount} > 0))`,
      ),
    index("invoices_refresh_due_idx")
      .on(table.nextRefreshAt)
      .where(sql`${table.nextRefreshAt} is not null`),
    index("invoices_send_due_idx")
      .on(table.nextSendAt)
      .where(sql`${table.nextSendAt} is not null`),
    // The home page's "Invoices not sent": the creations the loop gave up on, oldest first, read in
    // order instead of every invoice without a service id (refused ones stay so for good).
    index("invoices_unsent_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.creationState} = 'sending' and ${table.nextSendAt} is null`),
  ],
);

export const invoiceTransactions = pgTable(
  "invoice_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    txid: text("txid").notNull(),
    sourceWallet: text("source_wallet"),
    amount: numeric("amount").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("invoice_transactions_invoice_txid_key").on(table.invoiceId, table.txid),
    // The invoice list's search by transaction hash.
    index("invoice_transactions_txid_idx").on(table.txid),
    // The list's "latest payment" of each invoice on the page, read without a sort.
    index("invoice_transactions_latest_idx").on(table.invoiceId, table.firstSeenAt.desc(), table.id.desc()),
    // Read by the home page's paid volume until it read the books (0026_home_page_indexes); no
    // query ranges over it now. Kept so the release before still has it: a contracting migration
    // may drop it.
    index("invoice_transactions_first_seen_idx").on(table.firstSeenAt, table.invoiceId),
  ],
);

/** The invoice's timeline: creation attempts, status changes, webhook deliveries, refresh errors. */
export const invoiceEvents = pgTable(
  "invoice_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    kind: text("kind", {
      enum: [
        "created",
        "creation_failed",
        "status_changed",
        "payment_received",
        "webhook_received",
        "refresh_failed",
        "exception_reopened",
      ],
    }).notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    detail: jsonb("detail"),
    actorId: uuid("actor_id").references(() => users.id),
    /** What caused it: a person, a webhook, the background loop, or someone opening the page. */
    source: text("source", { enum: ["user", "webhook", "loop", "view"] }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("invoice_events_invoice_idx").on(table.invoiceId, table.createdAt),
    // Read by the home page's paid volume until it read the books (0026_home_page_indexes); no
    // query ranges over it now. Kept so the release before still has it: a contracting migration
    // may drop it.
    index("invoice_events_status_changed_idx")
      .on(table.createdAt, table.invoiceId)
      .where(sql`${table.kind} = 'status_changed'`),
    // One "webhook received" per stored delivery, however often it is processed (a retry after a
    // failure, the sweep after a stop mid-processing): the insert does nothing on conflict.
    uniqueIndex("invoice_events_webhook_received_key")
      .on(sql`(${table.detail}->>'webhookEventId')`)
      .where(sql`${table.kind} = 'webhook_received'`),
  ],
);

export type Invoice = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;
export type InvoiceTransaction = typeof invoiceTransactions.$inferSelect;
export type InvoiceEvent = typeof invoiceEvents.$inferSelect;
