import type { MigrationStatus } from "./migration-status";

export interface StartGate {
  /** Whether a start of this release, with this PAYDESK_MIGRATE, would open this database. */
  mayStart: boolean;
  /** What that start would do or why it would refuse, in one line. */
  verdict: string;
}

/**
 * What a start of this release would do on a database whose schema stands at `status`, as
 * lib/db/client.ts opens it: refuse below the database's release mark (`refusal`); with
 * PAYDESK_MIGRATE=off refuse pending migrations; otherwise apply them.
 */
export function startGate(status: MigrationStatus, refusal: string | null, migrate: "on" | "off"): StartGate {
  if (refusal) return { mayStart: false, verdict: `A start would refuse: ${refusal}` };
  const pending = status.pending.length;
  if (pending === 0) return { mayStart: true, verdict: "A start of this release opens it as it is." };
  if (migrate === "off") {
    return {
      mayStart: false,
      verdict:
        `A start would refuse: PAYDESK_MIGRATE=off and ${pending} migration(s) pending. ` +
        "Apply them with db:migrate first.",
    };
  }
  return {
    mayStart: true,
    verdict: `A start of this release applies the ${pending} pending migration(s) first (PAYDESK_MIGRATE=on).`,
  };
}
