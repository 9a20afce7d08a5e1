import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as schema from "@/lib/db/schema";
import { MIGRATIONS_FOLDER } from "@/lib/db/migrate";
import type { DbTemplates } from "./pglite";

/**
 * Migrated databases made once per test run, which every test file's database copies: a PGlite
 * data directory dumped to a tarball (loaded with `loadDataDir`), and on PostgreSQL a template
 * database (`CREATE DATABASE … TEMPLATE`). A new PGlite spends about a second in initdb and
 * a migration run a few hundred milliseconds more, per file; a copy takes a third of that.
 * The migrations keep tests of their own, which run them on a database made empty.
 */
export async function createDbTemplates(): Promise<{ templates: DbTemplates; remove(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "paydesk-db-templates-"));
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");

  const dump = async (client: InstanceType<typeof PGlite>, name: string) => {
    const path = join(dir, name);
    writeFileSync(path, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
    await client.close();
    return path;
  };
  const empty = await PGlite.create();
  const migrated = await PGlite.create();
  await migrate(drizzle(migrated, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  const templates: DbTemplates = {
    pgliteEmpty: await dump(empty, "empty.tar"),
    pgliteMigrated: await dump(migrated, "migrated.tar"),
  };

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) templates.postgresTemplate = await createPostgresTemplate(serverUrl);

  return {
    templates,
    remove: async () => {
      rmSync(dir, { recursive: true, force: true });
      if (serverUrl && templates.postgresTemplate) {
        await onPostgresServer(
          serverUrl,
          `drop database if exists ${templates.postgresTemplate} with (force)`,
        );
      }
    },
  };
}

async function createPostgresTemplate(serverUrl: string): Promise<string> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const name = `paydesk_template_${randomBytes(6).toString("hex")}`;
  await onPostgresServer(serverUrl, `create database ${name}`);
  const pool = new Pool({ connectionString: databaseUrl(serverUrl, name), max: 1 });
  try {
    await migrate(drizzle(pool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    // Copying a template needs it to have no connection open.
    await pool.end();
  }
  return name;
}

/** Runs one statement on the server's own database, on a short-lived connection. */
export async function onPostgresServer(serverUrl: string, statement: string): Promise<void> {
  const { Client } = await import("pg");
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
