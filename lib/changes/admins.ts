import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { users } from "@/lib/db/schema";
import type { Tx } from "@/lib/db/types";

/**
 * Locks the active admins' rows, always in id order, before any other row of a change to who may
 * pay: two admins demoting each other, or approving and proposing at once, then queue up instead
 * of both passing their checks (or deadlocking). Every such transaction takes this lock first.
 */
export async function lockActiveAdminIds(tx: Tx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), isNull(users.disabledAt)))
    .orderBy(asc(users.id))
    .for("update");
  return rows.map((row) => row.id);
}
