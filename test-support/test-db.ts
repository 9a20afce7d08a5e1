import { randomBytes } from "node:crypto";
import * as schema from "@/lib/db/schema";
import { MIGRATIONS_FOLDER } from "@/lib/db/migrate";
import type { Db } from "@/lib/db/types";

export interface TestDb {
  db: Db;
  /** Which database is behind it, for test names and skip messages. */
  kind: "pglite" | "postgres";
  /** On PostgreSQL, the pool behind db (for libraries that bring their own SQL). */
  pgPool?: import("pg").Pool;
  /** On PostgreSQL, the URL of this test's database, for a second, independent connection. */
  url?: string;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server TEST_DATABASE_URL names (dropped again on close).
 */
export async function createTestDb(): Promise<TestDb> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? createPostgresTestDb(serverUrl) : createPgliteTestDb();
}

async function createPgliteTestDb(): Promise<TestDb> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = await PGlite.create();
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, kind: "pglite", close: () => client.close() };
}

async function createPostgresTestDb(serverUrl: string): Promise<TestDb> {
  const { Client, Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const name = `paydesk_test_${randomBytes(6).toString("hex")}`;
  // A short-lived connection each time: an idle one held for the whole file could fail unheard.
  const onServer = async (sql: string) => {
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new Pool({ connectionString: url.toString(), max: 10 });
  // Idle clients may still be closing when the database is dropped; that is expected.
  pool.on("error", () => {});
  const db = drizzle(pool, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db,
    kind: "postgres",
    pgPool: pool,
    url: url.toString(),
    close: async () => {
      await pool.end();
      await onServer(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * Another instance's view of the same database: on PostgreSQL a second, independent pool, as a
 * second `next start` would have; on PGlite (one process only) the same database.
 */
export async function openSecondInstanceDb(testDb: TestDb): Promise<{ db: Db; close(): Promise<void> }> {
  if (!testDb.url) return { db: testDb.db, close: async () => {} };
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new Pool({ connectionString: testDb.url, max: 10 });
  pool.on("error", () => {});
  return { db: drizzle(pool, { schema }), close: () => pool.end() };
}
