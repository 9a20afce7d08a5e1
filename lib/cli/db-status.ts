import { parseArgs } from "node:util";
import { openDatabase } from "@/lib/db/client";
import { describeMigrationStatus, readMigrationStatus } from "@/lib/db/migration-status";
import { readReleaseRecord } from "@/lib/db/release-mark";
import { startGate } from "@/lib/db/start-gate";
import { serverEnv } from "@/lib/env";
import { describeReleaseRecord, releaseRefusal } from "@/lib/release/compatibility";
import { PAYDESK_VERSION } from "@/lib/release/version";
import { EXIT_CONFIG, isConfigError } from "@/lib/start-mode/config-error";
import { commandLine } from "./command-line";

/**
 * `npm run db:status [-- --exit-code-if-unsafe]`: where the configured database's schema stands
 * against this release's migrations, which releases may run on it, and what a start of this
 * release would do, changing nothing. Exit statuses:
 *   without the flag: 0 schema current and this release allowed; 1 migrations pending, a newer
 *     release's migrations, or this release below the database's mark;
 *   with --exit-code-if-unsafe (a deploy gate): 0 when this release may start on it (pending
 *     migrations a start applies included); 1 only when a start would refuse (below the mark, or
 *     PAYDESK_MIGRATE=off with migrations pending);
 *   either way: 2 the database could not be opened or read; 78 the configuration is invalid.
 */
async function main(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { "exit-code-if-unsafe": { type: "boolean", default: false } },
  });
  const handle = await openDatabase("as-is");
  try {
    const status = await readMigrationStatus(handle.db);
    const record = await readReleaseRecord(handle.db);
    const refusal = releaseRefusal(PAYDESK_VERSION, record.oldestAllowed);
    const gate = startGate(status, refusal, serverEnv().PAYDESK_MIGRATE);
    console.log(describeMigrationStatus(status));
    for (const line of describeReleaseRecord(PAYDESK_VERSION, record)) console.log(line);
    if (refusal) console.log(`Refused: ${refusal}`);
    else if (status.pending.length > 0) console.log(`Run \`${commandLine("db:migrate")}\` to apply them.`);
    console.log(gate.verdict);
    const current = !refusal && status.pending.length === 0 && status.newer === 0;
    process.exitCode = (values["exit-code-if-unsafe"] ? gate.mayStart : current) ? 0 : 1;
  } finally {
    await handle.close();
  }
}

export const run = (args: string[]) =>
  main(args).catch((error: unknown) => {
    console.error(`db:status: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = isConfigError(error) ? EXIT_CONFIG : 2;
  });
