import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "./types";

/** PostgreSQL's insufficient_privilege. */
const INSUFFICIENT_PRIVILEGE = "42501";

/** The database error behind a failed query: drizzle wraps it ("Failed query: …") as the cause. */
function privilegeError(error: unknown): Error | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === INSUFFICIENT_PRIVILEGE) return cause;
  }
  return undefined;
}

/**
 * A migration refused for want of the CREATE privilege, in one line naming the user, the database
 * and the grants that fix it (README: Database setup), instead of drizzle's "Failed query: CREATE
 * SCHEMA …" whose cause is lost. Any other error is returned as it is.
 */
export async function explainMissingCreatePrivilege(error: unknown, db: Db): Promise<unknown> {
  const denied = privilegeError(error);
  if (!denied) return error;
  const result = (await db
    .execute(sql`select current_user as "user", current_database() as "database"`)
    .catch(() => undefined)) as { rows: { user: string; database: string }[] } | undefined;
  const { user = "(unknown)", database = "(unknown)" } = result?.rows[0] ?? {};
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  return new Error(
    `the database user ${quote(user)} may not create in database ${quote(database)} (${denied.message}): ` +
      `connected to ${quote(database)} as its owner or a superuser, run GRANT CREATE ON DATABASE ${quote(database)} ` +
      `TO ${quote(user)}; GRANT CREATE ON SCHEMA public TO ${quote(user)}; or make ${quote(user)} the database's ` +
      "owner (README: Database setup)",
  );
}
