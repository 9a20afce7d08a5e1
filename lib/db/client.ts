import "server-only";
import { resolve } from "node:path";
import { serverEnv } from "@/lib/env";
import { lockDataDir } from "./data-dir-lock";
import { MIGRATIONS_FOLDER } from "./migrate";
import * as schema from "./schema";
import type { Db } from "./types";

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
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<DbHandle> };

export function getDb(): Promise<Db> {
  return getDbHandle().then((handle) => handle.db);
}

export function getDbHandle(): Promise<DbHandle> {
  const store = globalThis as GlobalWithDb;
  store[globalKey] ??= openDb().catch((error) => {
    delete store[globalKey];
    throw error;
  });
  return store[globalKey];
}

export async function closeDb(): Promise<void> {
  const store = globalThis as GlobalWithDb;
  const handle = store[globalKey];
  delete store[globalKey];
  if (handle) await (await handle).close();
}

async function openDb(): Promise<DbHandle> {
  const env = serverEnv();
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite(env.PAYDESK_DATA_DIR);
}

async function openPostgres(url: string): Promise<DbHandle> {
  const { assertPostgresReachable } = await import("./postgres-reachable");
  await assertPostgresReachable(url);
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops (restart, failover, network) is emitted here; without a
  // listener Node ends the process. The pool replaces the connection on the next query.
  pool.on("error", (error) => console.error("[db] an idle PostgreSQL connection failed:", error.message));
  const db = drizzle(pool, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, pgPool: pool, close: () => pool.end() };
}

async function openPglite(dataDir: string): Promise<DbHandle> {
  const dir = resolve(dataDir);
  const unlock = await lockDataDir(dir);
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = await PGlite.create(dir);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    close: async () => {
      await client.close();
      await unlock();
    },
  };
}
