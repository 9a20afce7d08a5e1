import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { describeDbFailure } from "./describe-db-failure";
import { timeBox } from "./time-box";
import type { HealthState } from "./health-state";

/** How long the database has to answer `select 1` before it counts as down. */
export const DATABASE_CHECK_TIMEOUT_MS = 2_000;

/** What the check needs of a database (lib/db's Db, kept structural: lib/db reports to lib/health). */
export interface Queryable {
  execute(query: SQL): PromiseLike<unknown>;
}

/**
 * A time-boxed `select 1`: null when the database answered, else the failure in words (never a
 * host or a credential). Never rejects. Tells `health` either way, when given.
 */
export async function checkDatabase(
  db: Queryable | Promise<Queryable>,
  options: { timeoutMs?: number; health?: Pick<HealthState, "failure" | "success"> } = {},
): Promise<string | null> {
  try {
    await timeBox(
      Promise.resolve(db).then((open) => open.execute(sql`select 1`)),
      options.timeoutMs ?? DATABASE_CHECK_TIMEOUT_MS,
    );
    options.health?.success();
    return null;
  } catch (error) {
    const kind = describeDbFailure(error);
    options.health?.failure(kind, error);
    return kind;
  }
}
