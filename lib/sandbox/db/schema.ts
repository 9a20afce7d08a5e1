/**
 * Tables of the embedded sandbox service. All are prefixed `sandbox_` so they can share a
 * database with the app without colliding. Amounts are `numeric` (decimal strings in JS),
 * times `timestamptz`. Raw JSON given by merchants (additional_data) is stored as text so
 * its key order and number spelling survive exactly.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull();
const updatedAt = () => timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull();

export const merchants = pgTable("sandbox_merchants", {
  id: uuid("id").primaryKey(),
  invoiceKey: text("invoice_key").notNull().unique(),
  withdrawalKey: text("withdrawal_key").notNull().unique(),
  webhookUrl: text("webhook_url"),
  isDemo: boolean("is_demo").notNull().default(false),
  createdAt: createdAt(),
});

export const invoices = pgTable(
  "sandbox_invoices",
  {
    id: uuid("id").primaryKey(),
    merchantId: uuid("merchant_id")
      .notNull()
      .references(() => merchants.id),
    orderId: text("order_id").notNull(),
    amount: numeric("amount").notNull(),
    fiatCurrency: text("fiat_currency").notNull(),
    currency: text("currency"),
    network: text("network"),
    cryptoAmount: numeric("crypto_amount"),
    paidCryptoAmount: numeric("paid_crypto_amount").notNull().default("0"),
    wallet: text("wallet"),
    status: text("status").notNull(),
    isPaymentMultiple: boolean("is_payment_multiple").notNull(),
    lifetime: integer("lifetime").notNull(),
    accuracyPaymentPercent: numeric("accuracy_payment_percent").notNull(),
    webhookUrl: text("webhook_url"),
    returnUrl: text("return_url"),
    successUrl: text("success_url"),
    additionalData: text("additional_data"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    uniqueIndex("sandbox_invoices_merchant_order").on(t.merchantId, t.orderId),
    index("sandbox_invoices_open").on(t.status, t.expiresAt),
  ],
);

export const transactions = pgTable(
  "sandbox_transactions",
  {
    id: uuid("id").primaryKey(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id),
    txid: text("txid").notNull().unique(),
    sourceWallet: text("source_wallet").notNull(),
    amount: numeric("amount").notNull(),
    currency: text("currency").notNull(),
    network: text("network").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sandbox_transactions_invoice").on(t.invoiceId, t.createdAt)],
);

export const withdrawals = pgTable(
  "sandbox_withdrawals",
  {
    id: uuid("id").primaryKey(),
    merchantId: uuid("merchant_id")
      .notNull()
      .references(() => merchants.id),
    orderId: text("order_id").notNull(),
    amount: numeric("amount").notNull(),
    payoutAmount: numeric("payout_amount").notNull(),
    fee: numeric("fee").notNull(),
    debitedAmount: numeric("debited_amount").notNull(),
    currency: text("currency").notNull(),
    network: text("network").notNull(),
    address: text("address").notNull(),
    isSubtract: boolean("is_subtract").notNull(),
    fiatAmount: numeric("fiat_amount"),
    fiatCurrency: text("fiat_currency"),
    status: text("status").notNull(),
    txid: text("txid"),
    additionalData: text("additional_data"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("sandbox_withdrawals_merchant_order").on(t.merchantId, t.orderId),
    index("sandbox_withdrawals_status").on(t.status, t.updatedAt),
  ],
);

export const balances = pgTable(
  "sandbox_balances",
  {
    merchantId: uuid("merchant_id")
      .notNull()
      .references(() => merchants.id),
    currency: text("currency").notNull(),
    amount: numeric("amount").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.currency] })],
);

export const webhookDeliveries = pgTable(
  "sandbox_webhook_deliveries",
  {
    id: uuid("id").primaryKey(),
    merchantId: uuid("merchant_id")
      .notNull()
      .references(() => merchants.id),
    resourceType: text("resource_type").notNull(),
    resourceId: uuid("resource_id").notNull(),
    orderId: text("order_id").notNull(),
    url: text("url").notNull(),
    body: text("body").notNull(),
    /** pending | delivered | failed */
    state: text("state").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("sandbox_webhook_deliveries_due").on(t.state, t.nextAttemptAt),
    index("sandbox_webhook_deliveries_order").on(t.merchantId, t.orderId),
  ],
);

export const webhookAttempts = pgTable(
  "sandbox_webhook_attempts",
  {
    id: uuid("id").primaryKey(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id),
    attemptedAt: timestamp("attempted_at", { withTimezone: true, mode: "date" }).notNull(),
    url: text("url").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    requestBody: text("request_body").notNull(),
  },
  (t) => [index("sandbox_webhook_attempts_delivery").on(t.deliveryId, t.attemptedAt)],
);

export const faults = pgTable("sandbox_faults", {
  merchantId: uuid("merchant_id")
    .primaryKey()
    .references(() => merchants.id),
  config: jsonb("config").notNull(),
  /** Counts deliveries while reorder_webhooks is on, to delay every other one. */
  webhookSeq: integer("webhook_seq").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .default(sql`now()`),
});

export type MerchantRow = typeof merchants.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
