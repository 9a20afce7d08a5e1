import { openDatabase } from "@/lib/db/client";
import { describeMigrationStatus, readMigrationStatus } from "@/lib/db/migration-status";
import { EXIT_CONFIG, isConfigError } from "@/lib/start-mode/config-error";

/**
 * `npm run db:migrate`: applies this release's pending migrations to the configured database and
 * says which. For starts with PAYDESK_MIGRATE=off; with PGlite, stop the server first (one
 * process per data directory).
 */
async function main() {
  const before = await openDatabase("as-is");
  let pending: string[];
  try {
    pending = (await readMigrationStatus(before.db)).pending;
  } finally {
    await before.close();
  }
  const after = await openDatabase("migrate");
  try {
    console.log(
      pending.length > 0
        ? `Applied ${pending.length} migration(s): ${pending.join(", ")}`
        : "Nothing to apply.",
    );
    console.log(describeMigrationStatus(await readMigrationStatus(after.db)));
  } finally {
    await after.close();
  }
}

export const run = () =>
  main().catch((error: unknown) => {
    console.error(`db:migrate: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = isConfigError(error) ? EXIT_CONFIG : 1;
  });
