import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/types";
import { checkDatabase } from "@/lib/health/database-check";
import { formatDuration, type HealthSnapshot, type HealthState } from "@/lib/health/health-state";
import type { LoopLiveness } from "@/lib/jobs/periodic-job";
import { describeDbFailure, failureCode, formatSeconds } from "@/lib/health/describe-db-failure";
import type { ShippedMigration } from "@/lib/db/migration-status";
import { timeBox } from "@/lib/health/time-box";

/**
 * "not ready" (503) only for what stops this instance working: taking it out of the load balancer
 * is the right answer. "degraded" (200) for what an instance cannot fix by being taken out: a
 * failing SMTP server or payment service fails on every instance alike, and a loop stuck on one
 * instance still leaves its requests served while the other instances' loops do the shared work
 * (a restart, which the warning and its alert ask for, is what frees it).
 */
export type Readiness =
  | { status: "ready" }
  | { status: "degraded"; warnings: string[] }
  | { status: "not ready"; problems: string[] };

export interface ReadinessInputs {
  now: number;
  /**
   * This process's background loops, or null when none were started in it. Null makes the loops
   * check not apply: whether loops are expected is not something a process without them can know
   * (a test, a CLI), and the server always starts them before it takes requests (instrumentation.ts).
   */
  loops: readonly LoopLiveness[] | null;
  /** The migrations this build ships (see shippedMigrations); a failed read is a problem. */
  expectedMigrations: readonly ShippedMigration[] | Promise<readonly ShippedMigration[]>;
  /** How long each database check may take; 2 s by default. */
  timeoutMs?: number;
  /** The process received SIGTERM: it finishes its work and takes no more (lib/shutdown-state.ts). */
  stopping?: boolean;
  /** Settings this process cannot work with, each naming the variables (never their values). */
  configurationProblems?: readonly string[];
  /** The payment service's health as this process's calls found it (lib/health/dependencies.ts). */
  service?: HealthSnapshot;
  /** The SMTP server's health; absent when no mail is sent (SMTP_URL unset). */
  smtp?: HealthSnapshot;
  /** Told the database check's outcome (its failing and working-again log lines). */
  databaseHealth?: Pick<HealthState, "failure" | "success">;
  /** Further warnings, asked only when the database answers (e.g. unreadable two-factor secrets). */
  moreWarnings?: () => Promise<readonly string[]>;
}

/** How long the SMTP server must have failed before readiness warns: retries cover less. */
export const SMTP_WARNING_AFTER_MS = 10 * 60_000;

export const STOPPING_PROBLEM = "shutting down: finishing the work in hand, taking no more";

/**
 * Whether this instance should take traffic: the database answers, its migrations are the ones
 * this build ships, its configuration is usable and it is not stopping (else "not ready"); and
 * whether it works fully: the SMTP server has not failed for 10 minutes, the payment service's
 * calls are not failing, and each background loop finished a round within twice its interval or
 * is in a round that is not stuck (ROUND_STUCK_AFTER_MS) (else "degraded"). Never rejects and
 * never waits longer than two time-boxed database checks; each problem and warning is a sentence
 * an operator acts on, naming the kind of failure and never a host or a credential.
 */
export async function checkReadiness(db: Db | Promise<Db>, inputs: ReadinessInputs): Promise<Readiness> {
  // Nothing else is checked: the database may already be closing.
  if (inputs.stopping) return { status: "not ready", problems: [STOPPING_PROBLEM] };
  const timeoutMs = inputs.timeoutMs ?? 2_000;
  // Settled at once: a rejection left waiting for the database check would be unhandled.
  const expected = Promise.resolve(inputs.expectedMigrations).then(
    (list) => list,
    () => null,
  );
  const problems: string[] = [];
  const database = await checkDatabase(db, { timeoutMs, health: inputs.databaseHealth });
  if (database) problems.push(`database: ${database}`);
  else {
    const migrations = await migrationsProblem(await db, await expected, timeoutMs);
    if (migrations) problems.push(migrations);
  }
  problems.push(...(inputs.configurationProblems ?? []));
  if (problems.length > 0) return { status: "not ready", problems };
  const warnings = [
    ...serviceWarnings(inputs.service),
    ...smtpWarnings(inputs.smtp, inputs.now),
    ...loopWarnings(inputs.loops, inputs.now),
    ...(await moreWarnings(inputs.moreWarnings)),
  ];
  return warnings.length === 0 ? { status: "ready" } : { status: "degraded", warnings };
}

async function moreWarnings(read: ReadinessInputs["moreWarnings"]): Promise<readonly string[]> {
  try {
    return (await read?.()) ?? [];
  } catch {
    return [];
  }
}

function serviceWarnings(service: HealthSnapshot | undefined): string[] {
  if (!service?.failing) return [];
  return [
    `payment service: its last ${service.consecutiveFailures} calls failed (the last: ${service.lastFailure}); ` +
      "invoices and payouts wait until it answers",
  ];
}

function smtpWarnings(smtp: HealthSnapshot | undefined, now: number): string[] {
  if (!smtp?.failingSince || now - smtp.failingSince < SMTP_WARNING_AFTER_MS) return [];
  return [
    `mail: sending has failed for ${formatDuration(now - smtp.failingSince)} (${smtp.lastFailure}); ` +
      "messages wait in the outbox (Admin → Outgoing mail)",
  ];
}

async function migrationsProblem(
  db: Db,
  expected: readonly ShippedMigration[] | null,
  timeoutMs: number,
): Promise<string | null> {
  if (!expected) return "migrations: this build's migrations journal could not be read";
  let applied: Set<string>;
  try {
    const result = (await timeBox(
      db.execute(sql`select created_at::text as created_at from drizzle.__drizzle_migrations`),
      timeoutMs,
    )) as unknown as { rows: { created_at: string | null }[] };
    applied = new Set(result.rows.map((row) => row.created_at ?? ""));
  } catch (error) {
    const code = failureCode(error);
    if (code === "42P01" || code === "3F000") return "migrations: none applied (no migrations table)";
    return `migrations: could not be read: ${describeDbFailure(error)}`;
  }
  // Only missing migrations count: rows this build does not know come from a newer build sharing
  // the database during a rolling deploy, whose migrations keep the older code working.
  const missing = expected.filter((migration) => !applied.has(String(migration.when)));
  if (missing.length === 0) return null;
  const names = missing.slice(0, 5).map((migration) => migration.tag);
  const more = missing.length > names.length ? ` and ${missing.length - names.length} more` : "";
  return (
    `migrations: ${names.join(", ")}${more} not applied ` +
    "(the database is behind this build: run `node paydesk.cjs db:migrate` in the bundle, or restart with PAYDESK_MIGRATE=on)"
  );
}

/**
 * How long a round in progress counts as the loop working. A round waits on the payment service
 * (each call up to its timeout and retries, for every row of a batch), so a slow service makes
 * rounds long on every instance at once: that must not take them all out of the load balancer.
 * A round running longer than this is stuck.
 */
export const ROUND_STUCK_AFTER_MS = 15 * 60_000;

function loopWarnings(loops: readonly LoopLiveness[] | null, now: number): string[] {
  if (!loops) return [];
  return loops.flatMap((loop) => {
    if (loop.startedAt === null) return [`loop ${loop.name}: stopped`];
    const since = Math.max(loop.startedAt, loop.lastRoundFinishedAt ?? loop.startedAt);
    if (now - since <= 2 * loop.intervalMs) return [];
    if (loop.roundRunningSince !== null && now - loop.roundRunningSince <= ROUND_STUCK_AFTER_MS) return [];
    const idle =
      loop.lastRoundFinishedAt !== null && loop.lastRoundFinishedAt >= loop.startedAt
        ? `no round for ${formatSeconds(now - since)}`
        : `no round since it started ${formatSeconds(now - since)} ago`;
    const running =
      loop.roundRunningSince === null
        ? ""
        : `; the current round has run for ${formatSeconds(now - loop.roundRunningSince)}`;
    return [`loop ${loop.name}: ${idle} (interval ${formatSeconds(loop.intervalMs)})${running}`];
  });
}
