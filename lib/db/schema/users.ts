import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ROLES } from "./enums";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-cased; compared lower-cased. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    /** Null until the person chooses a password through their invitation link. */
    passwordHash: text("password_hash"),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /**
     * The company's identity provider (its issuer) and the person's `sub` there, bound at their
     * first single sign-on: later sign-ins match on these, so a changed email does not move an account.
     */
    ssoIssuer: text("sso_issuer"),
    ssoSubject: text("sso_subject"),
    /** IANA zone every time is shown in; null until set, when the browser's zone is adopted. */
    timeZone: text("time_zone"),
    /** BCP 47 locale for numbers and money (lib/display); null means en-US. */
    numberLocale: text("number_locale"),
    /** When the daily email digest goes out, "HH:MM" in the person's zone (lib/mail/staff). */
    mailDigestTime: text("mail_digest_time").notNull().default("08:00"),
    /** The last digest sent: the next covers the notifications since. */
    mailDigestSentAt: timestamp("mail_digest_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_email_key").on(table.email),
    uniqueIndex("users_sso_subject_key")
      .on(table.ssoIssuer, table.ssoSubject)
      .where(sql`${table.ssoSubject} is not null`),
    check("users_role_check", sql`${table.role} in ('admin', 'finance', 'support', 'viewer')`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
