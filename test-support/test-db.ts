import { randomBytes } from "node:crypto";
import * as schema from "@/lib/db/schema";
import { MIGRATIONS_FOLDER } from "@/lib/db/migrate";
import type { Db } from "@/lib/db/types";
import { databaseUrl, onPostgresServer } from "./db-templates";
import { createPglite, runTemplates } from "./pglite";

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
 * on the PostgreSQL server TEST_DATABASE_URL names (dropped again on close). Under vitest it is
 * a copy of the run's migrated template (test-support/vitest-global-setup.ts); elsewhere (bench/)
 * it is made and migrated here.
 */
export async function createTestDb(): Promise<TestDb> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return serverUrl ? createPostgresTestDb(serverUrl) : createPgliteTestDb();
}

async function createPgliteTestDb(): Promise<TestDb> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const fromTemplate = runTemplates() !== undefined;
  const client = await createPglite(fromTemplate ? "migrated" : "empty");
  const db = drizzle(client, { schema });
  if (!fromTemplate) {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  }
  return { db, kind: "pglite", close: () => client.close() };
}

async function createPostgresTestDb(serverUrl: string): Promise<TestDb> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const name = `paydesk_test_${randomBytes(6).toString("hex")}`;
  const template = runTemplates()?.postgresTemplate;
  await onPostgresServer(
    serverUrl,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  );
  const url = databaseUrl(serverUrl, name);
  const pool = new Pool({ connectionString: url, max: 10 });
  // Idle clients may still be closing when the database is dropped; that is expected.
  pool.on("error", () => {});
  const db = drizzle(pool, { schema });
  if (!template) {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  }
  return {
    db,
    kind: "postgres",
    pgPool: pool,
    url,
    close: async () => {
      await pool.end();
      await onPostgresServer(serverUrl, `drop database if exists ${name} with (force)`);
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
