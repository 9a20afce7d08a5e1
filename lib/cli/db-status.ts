import { openDatabase } from "@/lib/db/client";
import { describeMigrationStatus, readMigrationStatus } from "@/lib/db/migration-status";
import { readReleaseRecord } from "@/lib/db/release-mark";
import { describeReleaseRecord, releaseRefusal } from "@/lib/release/compatibility";
import { PAYDESK_VERSION } from "@/lib/release/version";
import { commandLine } from "./command-line";

/**
 * `npm run db:status`: where the configured database's schema stands against this release's
 * migrations, and which releases may run on it, changing nothing. Exits 0 when this release may
 * start on it as it is, 1 when migrations are pending, the database is a newer release's or this
 * release is below its mark, so a deploy script can check before it starts the server.
 */
async function main() {
  const handle = await openDatabase("as-is");
  try {
    const status = await readMigrationStatus(handle.db);
    const record = await readReleaseRecord(handle.db);
    const refusal = releaseRefusal(PAYDESK_VERSION, record.oldestAllowed);
    console.log(describeMigrationStatus(status));
    for (const line of describeReleaseRecord(PAYDESK_VERSION, record)) console.log(line);
    if (refusal) console.log(`Refused: ${refusal}`);
    else if (status.pending.length > 0) console.log(`Run \`${commandLine("db:migrate")}\` to apply them.`);
    process.exitCode = refusal || status.pending.length > 0 || status.newer > 0 ? 1 : 0;
  } finally {
    await handle.close();
  }
}

export const run = () =>
  main().catch((error: unknown) => {
    console.error(`db:status: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  });
