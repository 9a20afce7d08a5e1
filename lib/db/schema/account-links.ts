import { sql } from "drizzle-orm";
import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ACCOUNT_LINK_KINDS } from "./enums";
import { users } from "./users";

/**
 * One-time links that let a person choose their own password: an invitation for a new user, a
 * reset for one who lost it. Only the SHA-256 of the link's 32 random bytes is stored; a link is
 * used once, before it expires, and never after it was revoked. One live link per person: a new
 * one revokes the one before.
 */
export const accountLinks = pgTable(
  "account_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ACCOUNT_LINK_KINDS }).notNull(),
    tokenSha256: text("token_sha256").notNull(),
    /** The admin who made it; null for the command line. */
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("account_links_token_key").on(table.tokenSha256),
    uniqueIndex("account_links_live_key")
      .on(table.userId)
      .where(sql`${table.usedAt} is null and ${table.revokedAt} is null`),
  ],
);

export type AccountLink = typeof accountLinks.$inferSelect;
