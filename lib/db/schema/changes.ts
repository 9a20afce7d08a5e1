import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { CHANGE_KINDS, CHANGE_STATES } from "./enums";
import { users } from "./users";

/**
 * Changes to who may pay that wait for a second admin (dual control): a finance or admin role
 * granted, a disabled finance or admin user enabled, their two-factor reset, the approval
 * threshold changed or removed. Proposed by one admin, applied only when a different admin
 * approves (or from the command line, as break-glass); see lib/changes/.
 */
export const pendingChanges = pgTable(
  "pending_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: CHANGE_KINDS }).notNull(),
    /** What it changes: "user:<id>" or "setting:<key>". At most one pending change per subject. */
    subject: text("subject").notNull(),
    targetUserId: uuid("target_user_id").references(() => users.id, { onDelete: "cascade" }),
    /** What the change does, by kind: { role } for grant_role, { threshold } for approval_threshold. */
    payload: jsonb("payload").notNull(),
    /** The subject as it was when proposed: the change applies only while it still is. */
    basis: jsonb("basis").notNull(),
    state: text("state", { enum: CHANGE_STATES }).notNull().default("pending"),
    proposedBy: uuid("proposed_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    proposedAt: timestamp("proposed_at", { withTimezone: true }).notNull().defaultNow(),
    /** Null with a decidedAt: decided from the command line (break-glass). */
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decisionNote: text("decision_note"),
  },
  (table) => [
    uniqueIndex("pending_changes_one_per_subject")
      .on(table.subject)
      .where(sql`${table.state} = 'pending'`),
    index("pending_changes_state_idx").on(table.state, table.proposedAt.desc()),
    index("pending_changes_target_idx").on(table.targetUserId),
  ],
);

export type PendingChange = typeof pendingChanges.$inferSelect;
