import "server-only";

/**
 * Values no log line may carry, whatever structure they hide in: the keys and tokens this process
 * holds. Registered where they are read (the environment here, generated sandbox keys where they
 * are made); the logger replaces every occurrence in a finished line (logger.ts). The field
 * redaction catches secrets by name; this catches them by value, in messages and error text too.
 */
const globalKey = Symbol.for("paydesk.logSecrets");
type GlobalWithSecrets = typeof globalThis & { [globalKey]?: Set<string> };

/** Shorter values would redact ordinary words; every real key and token is far longer. */
const MIN_SECRET_LENGTH = 8;

export const REDACTED = "[redacted]";

/** The environment variables whose values are secrets. */
const SECRET_ENV = [
  "NEXTAUTH_SECRET",
  "METRICS_TOKEN",
  "PAYMENTS_INVOICE_KEY",
  "PAYMENTS_INVOICE_KEY_PREVIOUS",
  "PAYMENTS_WITHDRAWAL_KEY",
  "SANDBOX_INVOICE_KEY",
  "SANDBOX_WITHDRAWAL_KEY",
];

function secrets(): Set<string> {
  const store = globalThis as GlobalWithSecrets;
  if (!store[globalKey]) {
    store[globalKey] = new Set();
    keepOutOfLogs(...secretsOfEnvironment(process.env));
  }
  return store[globalKey];
}

export function secretsOfEnvironment(env: Record<string, string | undefined>): string[] {
  const values = SECRET_ENV.map((name) => env[name]);
  values.push(passwordInUrl(env.DATABASE_URL), passwordInUrl(env.SMTP_URL));
  return values.filter((value): value is string => Boolean(value));
}

function passwordInUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const password = new URL(url).password;
    return password ? decodeURIComponent(password) : undefined;
  } catch {
    return undefined;
  }
}

export function keepOutOfLogs(...values: Array<string | undefined>): void {
  const set = secrets();
  for (const value of values) {
    if (!value || value.length < MIN_SECRET_LENGTH) continue;
    set.add(value);
    // As a JSON string value would show it (quotes, backslashes and control characters escaped).
    set.add(JSON.stringify(value).slice(1, -1));
  }
}

/** The line with every registered secret replaced. */
export function withoutSecrets(line: string): string {
  let clean = line;
  for (const secret of secrets()) {
    if (clean.includes(secret)) clean = clean.split(secret).join(REDACTED);
  }
  return clean;
}
