import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { RESOLUTION_KINDS } from "./enums";
import { invoices } from "./invoices";
import { users } from "./users";
import { withdrawals } from "./withdrawals";

/**
 * How an invoice that did not go to plan (overpaid, underpaid, expired with a payment) was dealt
 * with: one row per invoice, written once. An invoice with an exception status and no row here is
 * on the worklist (lib/exceptions). Who, when and the note are also in the audit log.
 */
export const invoiceResolutions = pgTable(
  "invoice_resolutions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: RESOLUTION_KINDS }).notNull(),
    note: text("note").notNull(),
    resolvedBy: uuid("resolved_by").references(() => users.id),
    /** For kind "refunded": the refund whose payment resolved it. */
    refundWithdrawalId: uuid("refund_withdrawal_id").references(() => withdrawals.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("invoice_resolutions_invoice_key").on(table.invoiceId),
    index("invoice_resolutions_created_idx").on(table.createdAt.desc()),
  ],
);

export type InvoiceResolution = typeof invoiceResolutions.$inferSelect;
