import "server-only";
import { migrationsAppliedByThisProcess } from "@/lib/db/client";
import { readMigrationStatus } from "@/lib/db/migration-status";
import type { Db } from "@/lib/db/types";
import { serverEnv } from "@/lib/env";
import { logger } from "@/lib/log/logger";
import { PAYDESK_VERSION } from "@/lib/release/version";
import { usesEmbeddedSandbox } from "@/lib/service/app-config";
import { serverBindAddress } from "@/lib/start-mode/bind-address";
import { describeDatabase, type DatabaseKind } from "@/lib/system/database-kind";
import { currentCommit } from "@/lib/system/process-facts";

/** What the start line says: every field an operator checks first, nothing secret. */
export interface StartFacts {
  version: string;
  commit: string;
  node: string;
  database: DatabaseKind;
  migrationsApplied: readonly string[];
  /** Null when the database could not say (the line still goes out). */
  migrationsPending: number | null;
  listen: { host: string; port: string };
  mode: "demo" | "production";
  /** "embedded sandbox", or the payment service URL's origin (never its path, query or keys). */
  service: string;
}

/** The one line, at info, that says Paydesk is ready to serve and what it runs on. Never throws. */
export async function logStartLine(db: Db): Promise<void> {
  try {
    const facts = await currentStartFacts(db);
    logger().info({ start: facts }, describeStart(facts));
  } catch (error) {
    logger().warn({ err: error }, "the start line could not be put together");
  }
}

export function describeStart(facts: StartFacts): string {
  const database =
    facts.database.kind === "pglite"
      ? `PGlite in ${facts.database.dataDir}`
      : `PostgreSQL ${facts.database.host}:${facts.database.port}/${facts.database.database}`;
  const applied = facts.migrationsApplied.length;
  const pending = facts.migrationsPending === null ? "unknown" : String(facts.migrationsPending);
  return (
    `Paydesk ${facts.version} (${facts.commit}) ready on http://${hostForUrl(facts.listen.host)}:${facts.listen.port}: ` +
    `${facts.mode} mode, Node ${facts.node}, database ${database} ` +
    `(${applied} migration(s) applied at this start, ${pending} pending), service ${facts.service}`
  );
}

async function currentStartFacts(db: Db): Promise<StartFacts> {
  const env = serverEnv();
  const pending = await readMigrationStatus(db).then(
    (status) => status.pending.length,
    () => null,
  );
  return {
    version: PAYDESK_VERSION,
    commit: currentCommit(),
    node: process.version,
    database: describeDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.PAYDESK_DATA_DIR }),
    migrationsApplied: migrationsAppliedByThisProcess(),
    migrationsPending: pending,
    listen: {
      host: serverBindAddress(process.argv, process.env) ?? process.env.HOSTNAME ?? "0.0.0.0",
      port: process.env.PORT || "3000",
    },
    mode: env.PAYDESK_DEMO ? "demo" : "production",
    service: usesEmbeddedSandbox() ? "embedded sandbox" : serviceOrigin(process.env.PAYMENTS_BASE_URL),
  };
}

function serviceOrigin(baseUrl: string | undefined): string {
  if (!baseUrl?.trim()) return "(not set)";
  try {
    return new URL(baseUrl).origin;
  } catch {
    return "(not a valid URL)";
  }
}

function hostForUrl(host: string): string {
  return host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
}
