/**
 * Where one webhook benchmark keeps its data: a fresh PGlite directory, or a fresh database on
 * the benchmark's PostgreSQL server, with the bench's users (bench/bench-users.ts) from the start.
 * The Next.js server opens it by environment; the benchmark opens it itself only while no server
 * has it (PGlite allows one process per directory).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MIGRATIONS_FOLDER } from "@/lib/db/migrate";
import * as schema from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { createTestDb } from "@/test-support/test-db";
import { seedBenchUsers } from "../bench-users";

export type DatabaseKind = "PGlite" | "PostgreSQL";

export interface BenchDatabase {
  kind: DatabaseKind;
  /** For the server: DATABASE_URL, or PAYDESK_DATA_DIR. */
  env: Record<string, string>;
  /** Opens the data from this process, migrated; only while no server has it open, on PGlite. */
  open(): Promise<{ db: Db; close(): Promise<void> }>;
  /** Drops the database (PostgreSQL) or removes its directory (PGlite); once no server has it open. */
  dispose(): Promise<void>;
}

export async function freshDatabase(kind: DatabaseKind): Promise<BenchDatabase> {
  if (kind === "PGlite") {
    const dir = mkdtempSync(join(tmpdir(), "paydesk-bench-webhooks-"));
    const database: BenchDatabase = {
      kind,
      env: { PAYDESK_DATA_DIR: dir, DATABASE_URL: "" },
      async open() {
        const { PGlite } = await import("@electric-sql/pglite");
        const { drizzle } = await import("drizzle-orm/pglite");
        const { migrate } = await import("drizzle-orm/pglite/migrator");
        const client = await PGlite.create(dir);
        const db = drizzle(client, { schema });
        // As a start would: a fresh directory is seeded before any server has opened it.
        await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
        return { db, close: () => client.close() };
      },
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
    const seeding = await database.open();
    await seedBenchUsers(seeding.db);
    await seeding.close();
    return database;
  }
  // A database of its own on the benchmark's server (createTestDb migrates it, as a start would).
  const testDb = await createTestDb();
  if (!testDb.url) throw new Error("the PostgreSQL webhook benchmark needs TEST_DATABASE_URL");
  await seedBenchUsers(testDb.db);
  return {
    kind,
    env: { DATABASE_URL: testDb.url, PAYDESK_DATA_DIR: "" },
    open: async () => ({ db: testDb.db, close: async () => {} }),
    dispose: () => testDb.close(),
  };
}
