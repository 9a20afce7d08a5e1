import { resolve } from "node:path";

/** Which database Paydesk uses, as the System page shows it: never a user name or a password. */
export type DatabaseKind =
  { kind: "pglite"; dataDir: string } | { kind: "postgresql"; host: string; port: number; database: string };

/**
 * From DATABASE_URL (PostgreSQL) or PAYDESK_DATA_DIR (PGlite). Of the URL only the host, the port
 * and the database name are kept: its user, password and query (which may hold sslkey paths or a
 * password too) are dropped.
 */
export function describeDatabase(env: { databaseUrl?: string; dataDir: string }): DatabaseKind {
  if (!env.databaseUrl) return { kind: "pglite", dataDir: resolve(env.dataDir) };
  try {
    const url = new URL(env.databaseUrl);
    return {
      kind: "postgresql",
      host: url.hostname || "(default)",
      port: url.port ? Number(url.port) : 5432,
      database: decodeURIComponent(url.pathname.replace(/^\//, "")) || "(default)",
    };
  } catch {
    return { kind: "postgresql", host: "(not a valid URL)", port: 5432, database: "(unknown)" };
  }
}
