import "server-only";
import { and, inArray, isNull } from "drizzle-orm";
import { can, type Action } from "@/lib/auth/permissions";
import { users } from "@/lib/db/schema";
import type { DbOrTx } from "@/lib/db/types";

/**
 * Of these people (or everyone), the enabled ones whose role may do `action`: nobody is told
 * about an object they may not see.
 */
export async function peopleWhoMay(db: DbOrTx, action: Action, among?: readonly string[]): Promise<string[]> {
  if (among && among.length === 0) return [];
  const rows = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(isNull(users.disabledAt), among ? inArray(users.id, [...among]) : undefined));
  return rows.filter((row) => can(row.role, action)).map((row) => row.id);
}
