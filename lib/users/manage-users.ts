import "server-only";
import { eq } from "drizzle-orm";
import { hashPassword } from "@/lib/auth/password";
import { END_REASONS, endSessionsOf } from "@/lib/auth/sessions";
import type { Role } from "@/lib/auth/roles";
import { users, type User } from "@/lib/db/schema";
import type { DbOrTx, Tx } from "@/lib/db/types";
import { RuleError } from "@/lib/auth/rule-error";
import { revokeLiveLink } from "./account-links";

/**
 * The writes to a user row and the rules no change may break (one active admin always remains).
 * They record nothing and ask no second admin: people reach them through user-changes.ts (the
 * actions) or lib/changes (an approved change), which decide when and write the audit entry.
 */

export interface NewUserInput {
  email: string;
  name: string;
  role: Role;
  /**
   * Seeds and tests only. Nobody sets a password for someone else: addUser and the command line
   * leave it unset, and the person chooses theirs through their invitation link.
   */
  password?: string;
}

/** The bare insert: seeds and tests use it directly; people go through addUser or the CLI. */
export async function createUser(db: DbOrTx, input: NewUserInput): Promise<User> {
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const email = input.email.toLowerCase();
  const [created] = await db
    .insert(users)
    .values({ email, name: input.name, role: input.role, passwordHash })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!created) throw new RuleError("A user with this email already exists.", { field: "email" });
  return created;
}

export type UserFacts = { role: Role; disabled: boolean };
export const factsOf = (user: User): UserFacts => ({ role: user.role, disabled: Boolean(user.disabledAt) });

/**
 * Sets the role. `activeAdminIds` must come from lockActiveAdminIds in this transaction. A role
 * change ends the user's sessions: they sign in again under the new role.
 */
export async function writeRole(
  tx: Tx,
  activeAdminIds: string[],
  userId: string,
  role: Role,
): Promise<{ before: UserFacts; after: UserFacts }> {
  const target = await lockUserOrThrow(tx, userId);
  if (target.role === "admin" && role !== "admin" && !target.disabledAt) {
    assertAnotherActiveAdmin(activeAdminIds, userId, "demote");
  }
  const [after] = await tx
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (role !== target.role) await endSessionsOf(tx, userId, END_REASONS.roleChanged);
  return { before: factsOf(target), after: factsOf(after ?? target) };
}

/**
 * Disables or enables. Disabling ends every session and revokes any live invitation or reset link
 * for good: enabling again revives neither (enable-user.ts makes a new one for whoever still needs it).
 */
export async function writeDisabled(
  tx: Tx,
  activeAdminIds: string[],
  userId: string,
  disabled: boolean,
): Promise<{ before: UserFacts; after: UserFacts }> {
  const target = await lockUserOrThrow(tx, userId);
  if (disabled && target.role === "admin" && !target.disabledAt) {
    assertAnotherActiveAdmin(activeAdminIds, userId, "disable");
  }
  const [after] = await tx
    .update(users)
    .set({
      disabledAt: disabled ? (target.disabledAt ?? new Date()) : null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (disabled) {
    await endSessionsOf(tx, userId, END_REASONS.disabled);
    // An invitation or reset link must not come back to life when they are enabled again.
    await revokeLiveLink(tx, userId);
  }
  return { before: factsOf(target), after: factsOf(after ?? target) };
}

export async function lockUserOrThrow(tx: Tx, userId: string): Promise<User> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!user) throw new RuleError("This user no longer exists. Reload the page.");
  return user;
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
