import { openDatabase } from "@/lib/db/client";
import { describeMigrationStatus, readMigrationStatus } from "@/lib/db/migration-status";

/**
 * `npm run db:status`: where the configured database's schema stands against this release's
 * migrations, changing nothing. Exits 0 when it is current, 1 when migrations are pending or the
 * database is a newer release's, so a deploy script can check before it starts the server.
 */
async function main() {
  const handle = await openDatabase("as-is");
  try {
    const status = await readMigrationStatus(handle.db);
    console.log(describeMigrationStatus(status));
    if (status.pending.length > 0) console.log("Run `npm run db:migrate` to apply them.");
    process.exitCode = status.pending.length > 0 || status.newer > 0 ? 1 : 0;
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(`db:status: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
});
