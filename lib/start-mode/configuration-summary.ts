import { describeDatabase } from "@/lib/system/database-kind";

/** The settings a summary names (lib/env.ts's schema, already checked). */
interface Checked {
  PAYDESK_DEMO: boolean;
  DATABASE_URL?: string;
  PAYDESK_DATA_DIR: string;
  PAYDESK_DB_POOL_SIZE: number;
  PAYMENTS_BASE_URL?: string;
  NEXTAUTH_URL?: string;
  SMTP_URL?: string;
  OIDC_ISSUER?: string;
  HOST?: string;
  PORT?: number;
}

/**
 * What a checked configuration will run as, a line each, for `config:check`: hosts and paths
 * only, never a user name, password or key.
 */
export function configurationSummary(env: Checked): string[] {
  const database = describeDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.PAYDESK_DATA_DIR });
  return [
    `mode: ${env.PAYDESK_DEMO ? "demo (published passwords, embedded sandbox)" : "production"}`,
    database.kind === "postgresql"
      ? `database: PostgreSQL at ${database.host}:${database.port}, database ${database.database} (pool of ${env.PAYDESK_DB_POOL_SIZE})`
      : `database: PGlite (embedded) in ${database.dataDir}`,
    env.PAYMENTS_BASE_URL
      ? `payment service: ${hostOf(env.PAYMENTS_BASE_URL)}`
      : "payment service: the embedded sandbox (no real money)",
    `public address: ${env.NEXTAUTH_URL ? originOf(env.NEXTAUTH_URL) : "from each request's Host header (AUTH_TRUST_HOST)"}`,
    `listens on: ${env.HOST ?? "127.0.0.1"}:${env.PORT ?? 3000}`,
    `mail: ${env.SMTP_URL ? `SMTP at ${hostOf(env.SMTP_URL)}` : "off (no SMTP_URL)"}`,
    `single sign-on: ${env.OIDC_ISSUER ? `${hostOf(env.OIDC_ISSUER)} (its discovery document is read at start)` : "off"}`,
  ];
}

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : "(not a URL)";
}

function originOf(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : "(not a URL)";
}
