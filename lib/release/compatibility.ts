import { compareReleases, isRelease, newerRelease } from "./release-order";

/**
 * The oldest release whose code still runs on the schema this release leaves behind. A database
 * remembers the highest such mark any release wrote (settings `release.oldest_allowed`), and a
 * release below it refuses to start.
 *
 * 0.9.0: its migrations 0015 and 0016 drop users.session_version (sessions are rows now), which
 * every release before 0.9.0 reads on each request, so nothing older runs on this schema. A
 * release whose migrations only expand (new tables, new nullable columns) keeps the previous
 * value: the release before it still runs on the wider schema. Raise it only with a migration
 * that contracts (a stated exception in lib/db/migrations-expand-only.test.ts), to this release.
 */
export const OLDEST_RELEASE_ON_THIS_SCHEMA = "0.9.0";

/** The mark a database holds: the oldest release allowed, and the release that set it. */
export interface ReleaseMark {
  oldestAllowed: string;
  setBy: string;
  at: string;
}

const RESTORE = "(or restore the backup taken before the upgrade)";

/**
 * Why `running` may not start on a database holding `mark` (a value as read from the database),
 * or null when it may. A mark this release cannot read was written by a newer release: refused.
 */
export function releaseRefusal(running: string, mark: unknown): string | null {
  if (mark === null || mark === undefined) return null;
  if (!isReleaseMark(mark)) {
    return (
      `this is Paydesk ${running}, but the database holds a release mark it cannot read ` +
      `(${JSON.stringify(mark)}), written by a newer release: run that release or later ${RESTORE}`
    );
  }
  if (compareReleases(running, mark.oldestAllowed) >= 0) return null;
  return (
    `this is Paydesk ${running}, but the database was upgraded by Paydesk ${mark.setBy}, which needs at ` +
    `least ${mark.oldestAllowed}: run Paydesk ${mark.oldestAllowed} or later ${RESTORE}`
  );
}

/**
 * The mark to write after `running` migrated the database, or null to keep the one there: raised
 * to what this schema needs, never lowered.
 */
export function raisedMark(
  mark: unknown,
  running: string,
  oldestOnThisSchema: string,
  now: Date,
): ReleaseMark | null {
  if (mark !== null && mark !== undefined) {
    // A mark this release cannot read is a newer release's (and refused before migrating): kept.
    if (!isReleaseMark(mark)) return null;
    if (newerRelease(mark.oldestAllowed, oldestOnThisSchema) === mark.oldestAllowed) return null;
  }
  return { oldestAllowed: oldestOnThisSchema, setBy: running, at: now.toISOString() };
}

export function isReleaseMark(value: unknown): value is ReleaseMark {
  if (typeof value !== "object" || value === null) return false;
  const { oldestAllowed, setBy, at } = value as Record<string, unknown>;
  return isRelease(oldestAllowed) && isRelease(setBy) && typeof at === "string";
}

/** Lines for `npm run db:status`: this release, the database's mark and its last start. */
export function describeReleaseRecord(
  running: string,
  record: { oldestAllowed: unknown; lastStarted: unknown },
): string[] {
  const { oldestAllowed, lastStarted } = record;
  const mark =
    oldestAllowed === null || oldestAllowed === undefined
      ? "none yet (no release from 0.9.0 on has started on it)"
      : isReleaseMark(oldestAllowed)
        ? `${oldestAllowed.oldestAllowed} (set by Paydesk ${oldestAllowed.setBy} at ${oldestAllowed.at})`
        : `unreadable (${JSON.stringify(oldestAllowed)})`;
  const lines = [`this release: Paydesk ${running}`, `oldest release allowed on this database: ${mark}`];
  if (isLastStarted(lastStarted))
    lines.push(`last started by: Paydesk ${lastStarted.version} at ${lastStarted.at}`);
  return lines;
}

function isLastStarted(value: unknown): value is { version: string; at: string } {
  if (typeof value !== "object" || value === null) return false;
  const { version, at } = value as Record<string, unknown>;
  return typeof version === "string" && typeof at === "string";
}
