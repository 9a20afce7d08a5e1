import "server-only";
import { Client } from "pg";

/** How long the first connection may take before the start gives up on PostgreSQL. */
const CONNECT_TIMEOUT_MS = 10_000;

/** Where a connection string points, without its credentials. */
export function describeTarget(url: string): string {
  const { host, port, database } = new Client({ connectionString: url });
  const where = host.startsWith("/") ? `the socket in ${host}` : `${host}:${port}`;
  return database ? `${where} (database ${database})` : where;
}

/**
 * Why a connection failed, in one line: the error's code and message, or those of the first of
 * several attempts (a name that resolves to several addresses fails with an AggregateError whose
 * own message is empty).
 */
export function describeCause(error: unknown): string {
  const first = error instanceof AggregateError && error.errors.length > 0 ? error.errors[0] : error;
  if (!(first instanceof Error)) return String(first);
  const code = (first as { code?: unknown }).code;
  const message = first.message.split("\n")[0]?.trim() || first.name;
  return typeof code === "string" && !message.includes(code) ? `${message} (${code})` : message;
}

/**
 * Opens one connection and closes it, so that a start against a database it cannot reach ends
 * with one line naming where and why, instead of the first migration's failed query.
 */
export async function assertPostgresReachable(url: string): Promise<void> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // A failure after connecting (the server going away) must not end the process from here.
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`cannot connect to PostgreSQL at ${describeTarget(url)}: ${describeCause(error)}`);
  } finally {
    await client.end().catch(() => {});
  }
}
