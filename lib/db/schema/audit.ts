import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The staff audit log: who did what, when, from where, to which object. Append-only; the
 * database itself refuses UPDATE, DELETE and TRUNCATE on it (see migration 0005_audit_log).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** A person, the background loop, a verified webhook, or the command line. */
    actorKind: text("actor_kind", { enum: ["user", "system", "webhook", "cli"] }).notNull(),
    /** No foreign key: the log outlives anything it names, and tests may clear the users. */
    actorId: uuid("actor_id"),
    /** The actor's email when the entry was written: the log reads true after a rename. */
    actorEmail: text("actor_email"),
    clientAddress: text("client_address"),
    userAgent: text("user_agent"),
    action: text("action").notNull(),
    objectType: text("object_type"),
    objectId: text("object_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    note: text("note"),
  },
  (table) => [
    index("audit_log_keyset_idx").on(table.createdAt.desc(), table.id.desc()),
    index("audit_log_actor_idx").on(table.actorId, table.createdAt.desc(), table.id.desc()),
    index("audit_log_object_idx").on(
      table.objectType,
      table.objectId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index("audit_log_action_idx").on(table.action, table.createdAt.desc(), table.id.desc()),
  ],
);

export type AuditLogEntry = typeof auditLog.$inferSelect;
