import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { readMigrationStatus } from "@/lib/db/migration-status";
import { databaseUrl, onPostgresServer } from "@/test-support/db-templates";

const serverUrl = process.env.TEST_DATABASE_URL ?? "";

/** The server's URL as another role, on another database (trust authentication on the test server). */
function urlAs(role: string, database: string, query = ""): string {
  const url = new URL(databaseUrl(serverUrl, database));
  url.username = role;
  url.search = query;
  return url.toString();
}

/** Runs statements as the server's superuser, connected to `database` (the server's own by default). */
async function asSuperuser(statements: string[], database?: string): Promise<void> {
  const url = database ? databaseUrl(serverUrl, database) : serverUrl;
  for (const statement of statements) await onPostgresServer(url, statement);
}

const made: { roles: string[]; databases: string[] } = { roles: [], databases: [] };

/** A role and a database name of this test's own, removed afterwards. */
function names() {
  const suffix = randomBytes(4).toString("hex");
  const names = { role: `paydesk_${suffix}`, database: `paydesk_db_${suffix}` };
  made.roles.push(names.role);
  made.databases.push(names.database);
  return names;
}

const settings = (url: string, poolSize = 10) => ({
  DATABASE_URL: url,
  PAYDESK_DATA_DIR: "unused",
  PAYDESK_DB_POOL_SIZE: poolSize,
});

afterEach(async () => {
  for (const database of made.databases.splice(0))
    await asSuperuser([`drop database if exists ${database} with (force)`]);
  for (const role of made.roles.splice(0)) await asSuperuser([`drop role if exists ${role}`]);
});

async function migratedAsRole(url: string): Promise<string[]> {
  const handle = await openDatabase("migrate", settings(url));
  try {
    return (await readMigrationStatus(handle.db)).pending;
  } finally {
    await handle.close();
  }
}

// The steps README: Database setup gives, run as written, on a real PostgreSQL server (15 and
// later grant no one CREATE on the public schema by default).
describe.runIf(serverUrl)("the database user Paydesk connects as", () => {
  it("a user without CREATE is refused in one line naming the user, the database and the grants", async () => {
    const { role, database } = names();
    await asSuperuser([`create role ${role} login password 'a-password'`, `create database ${database}`]);

    const refusal = await openDatabase("migrate", settings(urlAs(role, database))).then(
      () => "opened",
      (error: unknown) => (error as Error).message,
    );
    expect(refusal).toMatch(
      new RegExp(
        `^the database user "${role}" may not create in database "${database}" \\(permission denied for database ${database}\\): ` +
          `connected to "${database}" as its owner or a superuser, run GRANT CREATE ON DATABASE "${database}" TO "${role}"; ` +
          `GRANT CREATE ON SCHEMA public TO "${role}"; or make "${role}" the database's owner \\(README: Database setup\\)$`,
      ),
    );
    expect(refusal).not.toContain("Failed query");
  });

  it("the README's grants on a database owned by someone else are enough to migrate and start", async () => {
    const { role, database } = names();
    await asSuperuser([`create role ${role} login password 'a-password'`, `create database ${database}`]);
    await asSuperuser([`grant create on database ${database} to ${role}`]);
    await asSuperuser([`grant create on schema public to ${role}`], database);

    expect(await migratedAsRole(urlAs(role, database))).toEqual([]);
    // A second start (nothing left to create) as the same user.
    expect(await migratedAsRole(urlAs(role, database))).toEqual([]);
  });

  it("a database owned by Paydesk's user needs no grant", async () => {
    const { role, database } = names();
    await asSuperuser([
      `create role ${role} login password 'a-password'`,
      `create database ${database} owner ${role}`,
    ]);
    expect(await migratedAsRole(urlAs(role, database))).toEqual([]);
  });

  it("names its connections `paydesk` unless the URL names them, and keeps the pool size it is given", async () => {
    const { role, database } = names();
    await asSuperuser([`create role ${role} login`, `create database ${database} owner ${role}`]);
    const applicationName = async (url: string) => {
      const handle = await openDatabase("as-is", settings(url, 3));
      try {
        const pool = handle.pgPool;
        if (!pool) throw new Error("not on PostgreSQL");
        expect(pool.options.max).toBe(3);
        const { rows } = await pool.query<{ name: string }>(
          "select current_setting('application_name') as name",
        );
        return rows[0]?.name;
      } finally {
        await handle.close();
      }
    };
    expect(await applicationName(urlAs(role, database))).toBe("paydesk");
    expect(await applicationName(urlAs(role, database, "?application_name=paydesk-eu-2"))).toBe(
      "paydesk-eu-2",
    );
  });
});
