import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { WEBAUTHN_PURPOSES } from "./enums";
import { userSessions } from "./sessions";
import { users } from "./users";

const bytea = customType<{ data: Uint8Array; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => new Uint8Array(value),
});

/** A person's passkey (WebAuthn credential): the public key and what the authenticator reported. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential's id, base64url, as the browser names it. */
    credentialId: text("credential_id").notNull(),
    publicKey: bytea("public_key").notNull(),
    /** The signature counter: a value that does not grow betrays a cloned authenticator. */
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: jsonb("transports").$type<string[]>(),
    /** The person's name for it ("Laptop", "Phone"). */
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("passkeys_credential_key").on(table.credentialId),
    index("passkeys_user_idx").on(table.userId),
  ],
);

/**
 * A WebAuthn challenge the server issued: single use, short-lived, kept here so any instance can
 * check the answer. `userId` is null for a sign-in with a discoverable credential (the passkey
 * names its user); `sessionId` ties a confirmation to the session that asked for it.
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    challenge: text("challenge").notNull(),
    purpose: text("purpose", { enum: WEBAUTHN_PURPOSES }).notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id").references(() => userSessions.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("webauthn_challenges_challenge_key").on(table.challenge),
    index("webauthn_challenges_expiry_idx")
      .on(table.expiresAt)
      .where(sql`${table.usedAt} is null`),
  ],
);

export type Passkey = typeof passkeys.$inferSelect;
export type WebauthnChallenge = typeof webauthnChallenges.$inferSelect;
