import { check, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./users";

/**
 * Which of a person's notifications also come by email, per category (lib/mail/staff): at once,
 * or in a daily digest. No row: only inside Paydesk. One-click unsubscribe deletes the row.
 */
export const mailPreferences = pgTable(
  "mail_preferences",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
    mode: text("mode", { enum: ["immediate", "digest"] }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.category] }),
    check("mail_preferences_mode_check", sql`${table.mode} in ('immediate', 'digest')`),
  ],
);

export type MailPreference = typeof mailPreferences.$inferSelect;
