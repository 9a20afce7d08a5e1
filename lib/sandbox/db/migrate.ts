/** Applies the sandbox's own migrations (lib/sandbox/db/migrations, resolved from the repo root). */
import { join } from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { SandboxDb } from "../context";

export const SANDBOX_MIGRATIONS_TABLE = "__sandbox_migrations";

export async function migrateSandbox(db: SandboxDb): Promise<void> {
  const config = {
    migrationsFolder: join(process.cwd(), "lib/sandbox/db/migrations"),
    migrationsTable: SANDBOX_MIGRATIONS_TABLE,
  };
  const migrations = readMigrationFiles(config);
  // What drizzle's per-driver `migrate()` does; the dialect and session are the same for every pg driver.
  const internal = db as unknown as {
    dialect: { migrate(m: typeof migrations, session: unknown, c: typeof config): Promise<void> };
    session: unknown;
  };
  await internal.dialect.migrate(migrations, internal.session, config);
}
