import { bigint, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A user's authenticator (TOTP). The secret is encrypted at rest (AES-256-GCM, key derived from
 * NEXTAUTH_SECRET); a row without `confirmedAt` is an enrollment that has not been confirmed with
 * a code yet and protects nothing.
 */
export const userTwoFactor = pgTable("user_two_factor", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretEncrypted: text("secret_encrypted").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  /** The last accepted code's time step: a code of that step or an earlier one is never accepted again. */
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  /** When the user last proved the authenticator (sign-in, enrollment, step-up). */
  lastVerifiedAt: timestamp("last_verified_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes, stored as SHA-256 of a high-entropy code; `usedAt` set once used. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("recovery_codes_user_idx").on(table.userId)],
);

export type UserTwoFactor = typeof userTwoFactor.$inferSelect;
