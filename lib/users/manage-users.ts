import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { hashPassword } from "@/lib/auth/password";
import { endAllSessions } from "@/lib/auth/session-token";
import type { Role } from "@/lib/auth/roles";
import { users, type User } from "@/lib/db/schema";
import type { Db, Tx } from "@/lib/db/types";
import { RuleError } from "@/lib/auth/rule-error";

export interface NewUserInput {
  email: string;
  name: string;
  role: Role;
  password: string;
}

export async function createUser(db: Db, input: NewUserInput): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  const email = input.email.toLowerCase();
  const [created] = await db
    .insert(users)
    .values({ email, name: input.name, role: input.role, passwordHash })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!created) throw new RuleError("A user with this email already exists.", { field: "email" });
  return created;
}

export async function changeUserRole(db: Db, userId: string, role: Role): Promise<void> {
  await db.transaction(async (tx) => {
    const admins = await lockActiveAdminIds(tx);
    const target = await lockUserOrThrow(tx, userId);
    if (target.role === "admin" && role !== "admin" && !target.disabledAt) {
      assertAnotherActiveAdmin(admins, userId, "demote");
    }
    // A role change ends the user's sessions: they sign in again under the new role.
    await tx
      .update(users)
      .set({ role, updatedAt: new Date(), ...(role !== target.role ? endAllSessions : {}) })
      .where(eq(users.id, userId));
  });
}

export async function setUserDisabled(db: Db, userId: string, disabled: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const admins = await lockActiveAdminIds(tx);
    const target = await lockUserOrThrow(tx, userId);
    if (disabled && target.role === "admin" && !target.disabledAt) {
      assertAnotherActiveAdmin(admins, userId, "disable");
    }
    await tx
      .update(users)
      .set({
        disabledAt: disabled ? (target.disabledAt ?? new Date()) : null,
        updatedAt: new Date(),
        // Disabling ends every session for good: enabling again does not revive them.
        ...(disabled ? endAllSessions : {}),
      })
      .where(eq(users.id, userId));
  });
}

async function lockUserOrThrow(tx: Tx, userId: string): Promise<User> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!user) throw new RuleError("This user no longer exists.");
  return user;
}

/**
 * Locks the active admins' rows, always in id order, before the row being changed: two admins
 * demoting each other at once then queue up instead of both passing the check (or deadlocking),
 * and the second sees that only one admin is left.
 */
async function lockActiveAdminIds(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), isNull(users.disabledAt)))
    .orderBy(asc(users.id))
    .for("update");
  return rows.map((row) => row.id);
}

function assertAnotherActiveAdmin(
  activeAdminIds: string[],
  exceptUserId: string,
  verb: "disable" | "demote",
) {
  if (!activeAdminIds.some((id) => id !== exceptUserId)) {
    throw new RuleError(`You cannot ${verb} the last active admin. Make another user an admin first.`, {
      field: "role",
    });
  }
}
