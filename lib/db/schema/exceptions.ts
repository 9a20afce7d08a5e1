import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { RESOLUTION_KINDS } from "./enums";
import { invoices } from "./invoices";
import { users } from "./users";
import { withdrawals } from "./withdrawals";

/**
 * How an invoice that did not go to plan (overpaid, underpaid, expired with a payment) was dealt
 * with. At most one resolution per invoice is in force (reopened_at null); new money arriving on
 * a resolved invoice reopens it, and a later resolution is a new row. An invoice with an exception
 * status and no resolution in force is on the worklist (lib/exceptions). Who, when and the note are
 * also in the audit log.
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
    /** When new money on the invoice put it back on the worklist, and what came. */
    reopenedAt: timestamp("reopened_at", { withTimezone: true }),
    reopenedReason: text("reopened_reason"),
  },
  (table) => [
    uniqueIndex("invoice_resolutions_in_force_key")
      .on(table.invoiceId)
      .where(sql`${table.reopenedAt} is null`),
    index("invoice_resolutions_created_idx").on(table.createdAt.desc()),
  ],
);

export type InvoiceResolution = typeof invoiceResolutions.$inferSelect;
