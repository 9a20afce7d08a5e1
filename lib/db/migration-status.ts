import "server-only";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { MIGRATIONS_FOLDER } from "./migrate";
import type { DbOrTx } from "./types";

/**
 * Where the database's schema stands against the migrations this release ships. Drizzle's
 * migrator applies every shipped migration newer than the last one applied (it compares the
 * journal's `when` with `created_at` in drizzle.__drizzle_migrations); this reads the same two
 * lists without changing anything.
 */
export interface MigrationStatus {
  /** Shipped with this release and not applied yet, oldest first. */
  pending: string[];
  /** Applied migrations newer than any this release ships: the database is a newer release's. */
  newer: number;
  /** The last migration applied that this release knows, if any. */
  current: string | null;
  shipped: number;
}

/** A migration this release ships: drizzle records its `when` as the applied row's created_at. */
export interface ShippedMigration {
  tag: string;
  when: number;
}

/** The migrations in drizzle's journal, oldest first: what this release applies at start. */
export function shippedMigrations(folder = MIGRATIONS_FOLDER): ShippedMigration[] {
  const journal = JSON.parse(readFileSync(join(folder, "meta", "_journal.json"), "utf8")) as {
    entries: ShippedMigration[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when })).sort((a, b) => a.when - b.when);
}

async function appliedMigrationTimes(db: DbOrTx): Promise<number[]> {
  const table = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )) as unknown as { rows: { present: boolean }[] };
  if (!table.rows[0]?.present) return [];
  const applied = (await db.execute(
    sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
  )) as unknown as { rows: { created_at: string | number }[] };
  return applied.rows.map((row) => Number(row.created_at));
}

export async function readMigrationStatus(
  db: DbOrTx,
  shipped: ShippedMigration[] = shippedMigrations(),
): Promise<MigrationStatus> {
  const applied = await appliedMigrationTimes(db);
  const last = applied.length > 0 ? Math.max(...applied) : -Infinity;
  const newest = shipped.at(-1)?.when ?? -Infinity;
  return {
    pending: shipped.filter((migration) => migration.when > last).map((migration) => migration.tag),
    newer: applied.filter((when) => when > newest).length,
    current: shipped.filter((migration) => migration.when <= last).at(-1)?.tag ?? null,
    shipped: shipped.length,
  };
}

/** One line for the log or the command line: where the schema stands. */
export function describeMigrationStatus(status: MigrationStatus): string {
  const at = status.current ? `at ${status.current}` : "empty (no migration applied)";
  if (status.pending.length > 0)
    return `schema ${at}; ${status.pending.length} migration(s) pending: ${status.pending.join(", ")}`;
  if (status.newer > 0)
    return `schema ${at}, with ${status.newer} migration(s) from a newer release of Paydesk than this one`;
  return `schema current (${at}, ${status.shipped} migrations)`;
}

/**
 * For a start with PAYDESK_MIGRATE=off: refuses a database whose schema is behind this release,
 * naming the command that migrates it.
 */
export async function assertSchemaCurrent(db: DbOrTx): Promise<void> {
  const status = await readMigrationStatus(db);
  if (status.pending.length === 0) return;
  throw new Error(
    `the database's ${describeMigrationStatus(status)}. With PAYDESK_MIGRATE=off Paydesk does not migrate at start: ` +
      "run `node paydesk.cjs db:migrate` in the bundle (`npm run db:migrate` in a checkout) with the same environment " +
      "(with PGlite, the server stopped), then start again.",
  );
}
