import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { SECOND_FACTORS, SIGN_IN_METHODS } from "./enums";
import { users } from "./users";

/**
 * A signed-in session: the session token carries its id, and every request checks the row, so
 * ending a session (signing out, from the list of one's sessions, by an admin, a password change,
 * the account disabled) takes effect at once. A fresh second-factor confirmation belongs to the
 * session that gave it (confirmedAt): it never counts for another.
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Updated at most once a minute by the requests it makes. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** SESSION_MAX_AGE_MINUTES after sign-in, however active. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** Why it ended, in words the session list shows ("signed out", "ended by an admin", …). */
    endedReason: text("ended_reason"),
    clientAddress: text("client_address"),
    userAgent: text("user_agent"),
    /** How the person proved who they are at sign-in: password, passkey, or single sign-on. */
    signedInWith: text("signed_in_with", { enum: SIGN_IN_METHODS }),
    /**
     * The last time this session proved the person's identity afresh: the password (or a single
     * sign-on) at sign-in, or again before adding or removing a second factor.
     */
    identityConfirmedAt: timestamp("identity_confirmed_at", { withTimezone: true }),
    /** How the second factor was given at sign-in, if it was. */
    secondFactor: text("second_factor", { enum: SECOND_FACTORS }),
    /** The last time this session confirmed a second factor (sign-in, step-up before an approval). */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (table) => [
    index("user_sessions_user_idx").on(table.userId, table.createdAt.desc()),
    index("user_sessions_live_idx")
      .on(table.userId)
      .where(sql`${table.endedAt} is null`),
  ],
);

export type UserSession = typeof userSessions.$inferSelect;
