/** What a start needs set, by whichever values decide it (lib/env.ts's schema, already parsed). */
interface Settings {
  NODE_ENV?: string;
  NEXTAUTH_SECRET?: string;
  NEXTAUTH_URL?: string;
  AUTH_TRUST_HOST?: string;
  PAYDESK_DEMO: boolean;
  PAYMENTS_BASE_URL?: string;
  PAYMENTS_INVOICE_KEY?: string;
  PAYMENTS_WITHDRAWAL_KEY?: string;
}

type Problem = { path: string[]; message: string };

/**
 * The values a start cannot do without, each named when missing (an empty one is a missing one):
 * the session secret; the real service's two keys with its URL; and, for a production start
 * outside demo mode, where people open Paydesk (or an explicit AUTH_TRUST_HOST=true to take it
 * from each request's Host header, behind a proxy that sets it).
 */
export function requiredSettingProblems(env: Settings): Problem[] {
  const problems: Problem[] = [];
  if (!env.NEXTAUTH_SECRET) {
    problems.push({
      path: ["NEXTAUTH_SECRET"],
      message:
        "is not set: set it to a long random string (openssl rand -base64 32) and keep it: it also " +
        "decrypts two-factor secrets (npm run demo sets one)",
    });
  }
  if (env.PAYMENTS_BASE_URL) {
    for (const name of ["PAYMENTS_INVOICE_KEY", "PAYMENTS_WITHDRAWAL_KEY"] as const) {
      if (!env[name]) {
        problems.push({
          path: [name],
          message:
            "is not set: PAYMENTS_BASE_URL needs both PAYMENTS_INVOICE_KEY and PAYMENTS_WITHDRAWAL_KEY",
        });
      }
    }
  }
  const trustsHost = env.AUTH_TRUST_HOST === "true" || env.AUTH_TRUST_HOST === "1";
  if (env.NODE_ENV === "production" && !env.PAYDESK_DEMO && !env.NEXTAUTH_URL && !trustsHost) {
    problems.push({
      path: ["NEXTAUTH_URL"],
      message:
        "is not set: set it to the address people open Paydesk at (https://paydesk.example.com), " +
        "or set AUTH_TRUST_HOST=true if a proxy you run sets the Host header",
    });
  }
  return problems;
}
