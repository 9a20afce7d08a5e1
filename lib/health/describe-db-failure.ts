import { TimedOut } from "./time-box";

const BY_CODE: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "host name not found",
  EAI_AGAIN: "host name not found",
  ETIMEDOUT: "connection timed out",
  ECONNRESET: "connection lost",
  EPIPE: "connection lost",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  // SQLSTATE codes (PostgreSQL's appendix A).
  "28P01": "authentication failed",
  "28000": "authentication failed",
  "3D000": "the database does not exist",
  "53300": "too many connections",
  "57P01": "the server is shutting down",
  "57P02": "the server is shutting down",
  "57P03": "the server is starting up",
};

/**
 * A database failure in words an operator acts on, and nothing more: driver messages may name the
 * host, the user or the database, which a public endpoint must not repeat. Error codes are safe.
 */
export function describeDbFailure(error: unknown): string {
  if (error instanceof TimedOut) return `no answer within ${formatSeconds(error.ms)}`;
  for (const cause of causes(error)) {
    const code = codeOf(cause);
    if (code && BY_CODE[code]) return BY_CODE[code];
    const message = cause instanceof Error ? cause.message : "";
    if (/PGlite is closed|after calling end on the pool/i.test(message)) return "the database is closed";
    if (/connection terminated/i.test(message)) return "connection lost";
  }
  for (const cause of causes(error)) {
    const code = codeOf(cause);
    if (code && /^E[A-Z]{3,}$/.test(code)) return `connection failed (${code})`;
    if (code && /^[0-9A-Z]{5}$/.test(code)) return `query failed (SQLSTATE ${code})`;
  }
  return "query failed";
}

/** The first error code along the error's causes: an errno (ECONNREFUSED) or a SQLSTATE. */
export function failureCode(error: unknown): string | undefined {
  return causes(error)
    .map(codeOf)
    .find((code) => code !== undefined);
}

/** The error and its causes (drizzle wraps driver errors; Node wraps a multi-address connect). */
function causes(error: unknown): unknown[] {
  const found: unknown[] = [];
  const queue = [error];
  while (queue.length > 0 && found.length < 10) {
    const next = queue.shift();
    if (next === undefined || next === null || found.includes(next)) continue;
    found.push(next);
    if (next instanceof Error) queue.push(next.cause);
    if (next instanceof AggregateError) queue.push(...next.errors);
  }
  return found;
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

export function formatSeconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`;
}
