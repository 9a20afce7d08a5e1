import "server-only";
import { resolve } from "node:path";
import { serverEnv } from "@/lib/env";
import { lockDataDir } from "./data-dir-lock";
import { MIGRATIONS_FOLDER } from "./migrate";
import * as schema from "./schema";
import type { Db } from "./types";
import { dependencyHealth } from "@/lib/health/dependencies";
import { logger } from "@/lib/log/logger";
import { withoutRequestContext } from "@/lib/log/request-context";
import { describeDbFailure } from "@/lib/health/describe-db-failure";

/**
 * The process-wide database, opened lazily so `next build` never touches it. Kept on globalThis
 * because Next.js loads instrumentation and routes as separate module graphs: a module-level
 * variable would open PGlite twice in one process.
 */
interface DbHandle {
  db: Db;
  /** The node-postgres pool behind db, on PostgreSQL (for libraries that bring their own SQL). */
  pgPool?: import("pg").Pool;
  close(): Promise<void>;
}

const globalKey = Symbol.for("paydesk.db");
const closedKey = Symbol.for("paydesk.db.closed");
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<DbHandle>; [closedKey]?: boolean };

export function getDb(): Promise<Db> {
  return getDbHandle().then((handle) => handle.db);
}

export function getDbHandle(): Promise<DbHandle> {
  const store = globalThis as GlobalWithDb;
  // Closing is for good: a late caller while the server stops must not open PGlite again (a
  // second open of the directory, and of its lock, in a process about to exit).
  if (store[closedKey]) return Promise.reject(new Error("The database is closed: Paydesk is stopping."));
  store[globalKey] ??= openDb().catch((error) => {
    delete store[globalKey];
    throw error;
  });
  return store[globalKey];
}

export async function closeDb(): Promise<void> {
  const store = globalThis as GlobalWithDb;
  store[closedKey] = true;
  const handle = store[globalKey];
  delete store[globalKey];
  if (handle) await (await handle).close();
}

/**
 * What opening does to the schema: `migrate` applies pending migrations (the default at start),
 * `require-current` refuses a schema behind this release (PAYDESK_MIGRATE=off), `as-is` only
 * opens (npm run db:status). The first two also refuse a release below the database's mark.
 */
export type SchemaMode = "migrate" | "require-current" | "as-is";

function openDb(): Promise<DbHandle> {
  return openDatabase(serverEnv().PAYDESK_MIGRATE === "off" ? "require-current" : "migrate");
}

/** Which database to open, and how: the configured one unless a test names another. */
export interface DbSettings {
  DATABASE_URL?: string;
  PAYDESK_DATA_DIR: string;
  PAYDESK_DB_POOL_SIZE: number;
}

/** Opens the configured database on its own, outside the process-wide handle (the db commands). */
export async function openDatabase(mode: SchemaMode, env: DbSettings = serverEnv()): Promise<DbHandle> {
  const handle = env.DATABASE_URL
    ? await openPostgres(env.DATABASE_URL, env.PAYDESK_DB_POOL_SIZE)
    : await openPglite(env.PAYDESK_DATA_DIR);
  try {
    await prepareSchema(handle, mode);
    return handle;
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}

/**
 * Before the schema is touched, a release older than the database's mark refuses (a newer release
 * changed the schema under it); once the schema is current, the mark is raised to what this
 * release's schema needs and the start recorded (lib/db/release-mark.ts).
 */
async function prepareSchema(handle: DbHandle, mode: SchemaMode): Promise<void> {
  if (mode === "as-is") return;
  const { assertReleaseMayRun, recordReleaseStart } = await import("./release-mark");
  await assertReleaseMayRun(handle.db);
  if (mode === "require-current") {
    const { assertSchemaCurrent } = await import("./migration-status");
    await assertSchemaCurrent(handle.db);
  } else {
    await migrateSchema(handle);
  }
  await recordReleaseStart(handle.db);
}

const appliedKey = Symbol.for("paydesk.db.migrationsApplied");
type GlobalWithApplied = typeof globalThis & { [appliedKey]?: string[] };

/** The migrations this process applied when it opened the database (none before it opened it). */
export function migrationsAppliedByThisProcess(): readonly string[] {
  return (globalThis as GlobalWithApplied)[appliedKey] ?? [];
}

/**
 * Applies the pending migrations and logs one line per migration applied. Drizzle's migrator
 * applies them all in one go and says nothing: the pending list read just before names them
 * (two instances starting at once on a database behind both may each name the same ones).
 */
async function migrateSchema(handle: DbHandle): Promise<void> {
  const { readMigrationStatus } = await import("./migration-status");
  const { pending } = await readMigrationStatus(handle.db);
  await runMigrator(handle);
  const store = globalThis as GlobalWithApplied;
  store[appliedKey] = [...(store[appliedKey] ?? []), ...pending];
  for (const tag of pending) logger().info({ migration: tag }, `migration applied: ${tag}`);
}

async function runMigrator(handle: DbHandle): Promise<void> {
  if (handle.pgPool) {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    try {
      await migrate(handle.db as Parameters<typeof migrate>[0], { migrationsFolder: MIGRATIONS_FOLDER });
    } catch (error) {
      const { explainMissingCreatePrivilege } = await import("./create-privilege");
      throw await explainMissingCreatePrivilege(error, handle.db);
    }
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as Parameters<typeof migrate>[0], { migrationsFolder: MIGRATIONS_FOLDER });
  }
}

/** How Paydesk's connections show in pg_stat_activity unless DATABASE_URL names them (?application_name=…). */
const APPLICATION_NAME = "paydesk";

async function openPostgres(url: string, poolSize: number): Promise<DbHandle> {
  const { assertPostgresReachable } = await import("./postgres-reachable");
  await assertPostgresReachable(url);
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  // An application_name in the URL wins over this one (pg reads the URL over the options).
  const pool = new Pool({
    connectionString: url,
    max: poolSize,
    application_name: APPLICATION_NAME,
  });
  // An idle connection the server drops (restart, failover, network) is emitted here; without a
  // listener Node ends the process. The pool replaces the connection on the next query, and the
  // database's next check says whether it works again. The connection was opened by whichever
  // request first needed it: its error belongs to none.
  pool.on("error", (error) =>
    withoutRequestContext(() =>
      dependencyHealth().database.failure(`an idle connection failed: ${describeDbFailure(error)}`, error),
    ),
  );
  const db = drizzle(pool, { schema });
  return { db, pgPool: pool, close: () => pool.end() };
}

async function openPglite(dataDir: string): Promise<DbHandle> {
  const dir = resolve(dataDir);
  const unlock = await lockDataDir(dir);
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const client = await PGlite.create(dir);
  const db = drizzle(client, { schema });
  return {
    db,
    close: async () => {
      await client.close();
      await unlock();
    },
  };
}
