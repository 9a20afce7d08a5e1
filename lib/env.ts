import "server-only";
import { z } from "zod";
import { readMailConfig } from "@/lib/mail/mail-config";
import { serviceBaseUrl, serviceKey, serviceSignStyle, serviceTimeoutMs } from "@/lib/service/env-fields";
import { ConfigError } from "@/lib/start-mode/config-error";
import { requiredSettingProblems } from "@/lib/start-mode/required-settings";

/**
 * The server's environment, validated once. A bad value fails fast with a message naming the
 * variable, instead of surfacing later as an odd runtime error.
 */
const flag = z
  .enum(["1", "0", "true", "false", ""])
  .optional()
  .transform((value) => value === "1" || value === "true");

/** An absolute http(s) URL (a place people or Paydesk itself open). */
const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an absolute http(s) URL (https://paydesk.example.com)" })
  .max(2_000);

const envSchema = z.object({
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** PostgreSQL connections this process keeps at most (each instance has its own pool). */
  PAYDESK_DB_POOL_SIZE: z.coerce
    .number("must be a number of connections")
    .int("must be a whole number of connections")
    .min(1, "must be at least 1")
    .max(
      100,
      "must be at most 100: PostgreSQL serves 100 connections by default, for every instance together",
    )
    .default(10),
  PAYDESK_DATA_DIR: z.string().min(1).default("./data/paydesk"),
  /** `off`: never migrate at start (run `npm run db:migrate`); a start on an older schema refuses. */
  PAYDESK_MIGRATE: z.enum(["on", "off"], "must be `on` or `off`").default("on"),
  PAYDESK_DEMO: flag,
  /** With PAYDESK_DEMO: serve the demo on an address other machines reach, on purpose. */
  PAYDESK_DEMO_PUBLIC: flag,
  /**
   * The address the server listens on: the bundle's start.cjs listens on it (127.0.0.1 when unset,
   * and sets it so), while a bare `next start` listens where `-H` says (lib/start-mode/bind-address.ts).
   */
  HOST: z.string().optional(),
  /** The port the bundle listens on (start.cjs; 3000 when unset). */
  PORT: z.coerce.number("must be a port number").int().min(0).max(65_535).optional(),
  /** `production` under `next start` and the bundle: the settings a real start needs are enforced. */
  NODE_ENV: z.string().optional(),
  NEXTAUTH_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /** Where people open Paydesk: links in mail, cookies' Secure flag, passkeys' relying party. */
  NEXTAUTH_URL: httpUrl.optional(),
  /**
   * Without NEXTAUTH_URL, sign-in takes the public address from the request's Host header: only
   * behind a proxy that sets it. next-auth trusts the header for any value, `false` included.
   */
  AUTH_TRUST_HOST: z
    .enum(
      ["true", "1"],
      "must be `true` or unset: next-auth trusts the Host header for any value, `false` included",
    )
    .optional(),
  /** Where this server reaches itself (the embedded sandbox's calls); loopback on PORT when unset. */
  PAYDESK_URL: httpUrl.optional(),
  /** The commit the System page and metrics show (the build's when unset). */
  PAYDESK_COMMIT: z.string().max(100).optional(),
  SOURCE_COMMIT: z.string().max(100).optional(),
  SESSION_MAX_AGE_MINUTES: z.coerce.number().int().min(5).max(43_200).default(480),
  /** How long a verified two-factor code counts before approving a payout asks for a fresh one (0: always ask). */
  PAYDESK_STEP_UP_MINUTES: z.coerce.number().int().min(0).max(1440).default(10),
  /** How long an invitation or password reset link stays usable, in hours (72 at most). */
  PAYDESK_ACCOUNT_LINK_HOURS: z.coerce
    .number("must be a number of hours")
    .gt(0, "must be more than 0 hours")
    .max(72, "must be at most 72 hours: a link that lets someone choose a password must not live longer")
    .default(72),
  /** A payout submitted this long ago with no final word from the service needs review. */
  PAYDESK_PAYOUT_STALE_HOURS: z.coerce.number().min(1).max(720).default(24),
  /** On SIGTERM, how long queued webhook refreshes may take to finish against the real service (what is left, the sweep does after a restart). */
  PAYDESK_SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(3600).default(20),
  /** How many invoices the background loop may poll per second, per process (webhook refreshes are not counted). */
  PAYDESK_POLL_BUDGET_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(20),
  /** How many proxies of ours stand in front of Paydesk (0: clients connect directly). */
  TRUST_PROXY: z
    .enum(["true", "false"])
    .transform((value) => (value === "true" ? 1 : 0))
    .or(z.coerce.number().int("must be the number of proxies in front of Paydesk").min(0).max(10))
    .default(0),
  /** How much the log says (lib/log/logger.ts): info by default; debug adds each background round. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** `json` (one object per line, the default) or `pretty` (readable; the demo and `next dev`). */
  LOG_FORMAT: z.enum(["json", "pretty"], "must be `json` or `pretty`").optional(),
  /** `1`: access lines for static assets too (/_next/static, the favicon, public files); off by default. */
  PAYDESK_ACCESS_LOG_STATIC: z.enum(["0", "1"], "must be `0` or `1`").optional(),
  /** The bearer token /api/metrics answers to; unset, /api/metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").max(512).optional(),
  /** The real payment service; PAYMENTS_INVOICE_KEY and PAYMENTS_WITHDRAWAL_KEY are required with it. */
  PAYMENTS_BASE_URL: serviceBaseUrl.optional(),
  PAYMENTS_INVOICE_KEY: serviceKey.optional(),
  PAYMENTS_WITHDRAWAL_KEY: serviceKey.optional(),
  /** The invoice key before a rotation: it still verifies webhooks, nothing else. */
  PAYMENTS_INVOICE_KEY_PREVIOUS: serviceKey.optional(),
  PAYMENTS_SIGN_STYLE: serviceSignStyle.optional(),
  PAYMENTS_TIMEOUT_MS: serviceTimeoutMs.optional(),
  /** The one way to run the embedded sandbox: demos and tests, never by default. */
  PAYDESK_SANDBOX: z.enum(["embedded"], "must be `embedded` or unset").optional(),
  SANDBOX_INVOICE_KEY: z.string().optional(),
  SANDBOX_WITHDRAWAL_KEY: z.string().optional(),
  /** Where customers reach the embedded sandbox's pay page (NEXTAUTH_URL when unset). */
  SANDBOX_PUBLIC_URL: httpUrl.optional(),
  /** The embedded sandbox settles payouts after this many milliseconds (tests, demos). */
  SANDBOX_AUTO_SETTLE_MS: z.coerce.number("must be a number of milliseconds").int().min(0).optional(),
  /** Where the embedded sandbox sends its webhooks (Paydesk's own receiver when unset). */
  SANDBOX_WEBHOOK_URL: httpUrl.optional(),
  /** Where mail leaves (lib/mail): smtp://user:pass@host:port or smtps://…; unset, no email feature. */
  SMTP_URL: z.string().max(2_000).optional(),
  /** The sender of every email: `"Shop support" <support@shop.example>`; required with SMTP_URL. */
  MAIL_FROM: z.string().max(400).optional(),
  /** Accept an SMTP server's certificate that does not verify (a test server's). */
  SMTP_TLS_INSECURE: flag,
  /** `embedded`: the demo's own SMTP server on a loopback port, shown at /sandbox/mail (lib/mail-catcher). */
  PAYDESK_MAIL_CATCHER: z.enum(["embedded"], "must be `embedded` or unset").optional(),
  /** The mail catcher's port; 0 (the default) takes a free one. */
  PAYDESK_MAIL_CATCHER_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  /** Single sign-on (lib/auth/sso): the company's OpenID provider, found through its discovery document. */
  OIDC_ISSUER: z
    .url({ protocol: /^https?$/, error: "must be the provider's issuer URL" })
    .max(2_000)
    .optional(),
  OIDC_CLIENT_ID: z.string().max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().max(2_000).optional(),
  /** What the sign-in button names: "Sign in with " and this ("Okta", "Google"). */
  OIDC_NAME: z.string().trim().min(1).max(60).optional(),
  /** Everyone signs in with single sign-on: no password or passkey sign-in (but break-glass). */
  PAYDESK_SSO_REQUIRED: flag,
  /** `npm run demo` starts a built-in OpenID provider beside the demo (lib/cli/demo-sso.ts); demo mode only. */
  PAYDESK_DEMO_SSO: flag,
});

const PUBLISHED_KEYS = ["sandbox-invoice-key", "sandbox-withdrawal-key"];

const LOOPBACK_HOSTS = ["127.0.0.1", "::1", "[::1]", "localhost"];

/** An address only this machine reaches; unset (every interface) is not one. */
export function isLoopbackHost(host: string | undefined): boolean {
  return LOOPBACK_HOSTS.includes(host?.toLowerCase() ?? "");
}

// Every problem in one refusal: these checks run even when a variable failed its own (it then
// holds what was given, a string, which they only test for being set or for a value).
const startupEnvSchema = envSchema.superRefine(checkStartup, { when: () => true });

/**
 * The values a start needs (required-settings.ts); exactly one payment service; demo mode
 * (published passwords and keys) never with a real one, never on a PostgreSQL server, and never
 * reachable from other machines unless asked for.
 */
function checkStartup(env: z.infer<typeof envSchema>, context: z.RefinementCtx<z.infer<typeof envSchema>>) {
  for (const problem of requiredSettingProblems(env)) context.addIssue({ code: "custom", ...problem });
  for (const problem of ssoProblems(env)) context.addIssue({ code: "custom", ...problem });
  if (env.PAYDESK_DEMO_SSO && !env.PAYDESK_DEMO) {
    context.addIssue({
      code: "custom",
      path: ["PAYDESK_DEMO_SSO"],
      message:
        "the built-in sign-in provider lets anyone sign in as anyone: it runs only in demo mode (npm run demo). " +
        "Unset PAYDESK_DEMO_SSO and set OIDC_ISSUER and the rest to your company's provider.",
    });
  }
  const mail = readMailConfig({ SMTP_URL: env.SMTP_URL, MAIL_FROM: env.MAIL_FROM });
  if (!mail.ok) context.addIssue({ code: "custom", path: ["SMTP_URL"], message: mail.problem });
  if (env.PAYDESK_MAIL_CATCHER && (env.PAYDESK_SANDBOX !== "embedded" || !env.PAYDESK_DEMO)) {
    context.addIssue({
      code: "custom",
      path: ["PAYDESK_MAIL_CATCHER"],
      message:
        "the mail catcher keeps every email, invitation and reset links included, on a page anyone who reaches " +
        "/sandbox/mail can read: it runs only in demo mode (PAYDESK_DEMO=1, with the embedded sandbox). " +
        "Unset PAYDESK_MAIL_CATCHER and set SMTP_URL to send real mail.",
    });
  }
  if (env.PAYDESK_MAIL_CATCHER && env.SMTP_URL) {
    context.addIssue({
      code: "custom",
      path: ["PAYDESK_MAIL_CATCHER"],
      message: "PAYDESK_MAIL_CATCHER=embedded and SMTP_URL are both set. Unset one: mail goes to one server.",
    });
  }
  const external = Boolean(env.PAYMENTS_BASE_URL);
  const embedded = env.PAYDESK_SANDBOX === "embedded";
  if (!external && !embedded) {
    context.addIssue({
      code: "custom",
      path: ["PAYMENTS_BASE_URL"],
      message:
        "no payment service chosen. Set PAYMENTS_BASE_URL (with PAYMENTS_INVOICE_KEY and PAYMENTS_WITHDRAWAL_KEY) " +
        "to use the real service, or PAYDESK_SANDBOX=embedded to run the embedded sandbox (demos and tests: no real money).",
    });
  }
  if (external && embedded) {
    context.addIssue({
      code: "custom",
      path: ["PAYDESK_SANDBOX"],
      message:
        "PAYDESK_SANDBOX=embedded and PAYMENTS_BASE_URL are both set. Unset one of them: Paydesk talks to one service.",
    });
  }
  for (const name of ["SANDBOX_INVOICE_KEY", "SANDBOX_WITHDRAWAL_KEY"] as const) {
    if (!env.PAYDESK_DEMO && PUBLISHED_KEYS.includes(env[name] ?? "")) {
      context.addIssue({
        code: "custom",
        path: [name],
        message: `is a key published in the README, for demo mode only. Unset ${name} (Paydesk then generates one) or choose another.`,
      });
    }
  }
  if (external && env.PAYDESK_DEMO) {
    context.addIssue({
      code: "custom",
      path: ["PAYDESK_DEMO"],
      message:
        "PAYDESK_DEMO=1 seeds users with a published password, so it never runs against a real service. " +
        "Unset PAYDESK_DEMO, or unset PAYMENTS_BASE_URL and set PAYDESK_SANDBOX=embedded.",
    });
  }
  if (env.PAYDESK_DEMO && env.DATABASE_URL) {
    context.addIssue({
      code: "custom",
      path: ["DATABASE_URL"],
      message:
        "demo mode runs only on its own embedded database, never on a PostgreSQL server: it seeds users with a " +
        "published password into the database it opens. Unset DATABASE_URL to run the demo (on PAYDESK_DATA_DIR), " +
        "or unset PAYDESK_DEMO to run Paydesk on that database.",
    });
  }
  if (env.PAYDESK_DEMO && !env.PAYDESK_DEMO_PUBLIC && !isLoopbackHost(env.HOST)) {
    context.addIssue({
      code: "custom",
      path: ["HOST"],
      message:
        `demo mode on ${env.HOST ? "an address other machines reach" : "every interface (no -H given)"} would ` +
        "let other machines sign in with its published passwords. Serve it on this machine only (npm run demo " +
        "does unless HOST is set; next start -H 127.0.0.1; under next dev set HOST=127.0.0.1 as well), or set PAYDESK_DEMO_PUBLIC=1 " +
        "to show the demo to other machines on purpose.",
    });
  }
}

/** Single sign-on is configured whole or not at all, over https unless on this machine. */
function ssoProblems(env: z.infer<typeof envSchema>): Array<{ path: string[]; message: string }> {
  const values = {
    OIDC_ISSUER: env.OIDC_ISSUER,
    OIDC_CLIENT_ID: env.OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET: env.OIDC_CLIENT_SECRET,
    OIDC_NAME: env.OIDC_NAME,
  };
  const missing = Object.entries(values).filter(([, value]) => !value);
  if (missing.length === Object.keys(values).length) {
    return env.PAYDESK_SSO_REQUIRED
      ? [
          {
            path: ["PAYDESK_SSO_REQUIRED"],
            message:
              "single sign-on is required, but not configured: set OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET " +
              "and OIDC_NAME, or unset PAYDESK_SSO_REQUIRED.",
          },
        ]
      : [];
  }
  const problems = missing.map(([name]) => ({
    path: [name],
    message:
      "is needed for single sign-on: set OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_NAME together.",
  }));
  // Not a URL at all is the field's own issue (zod reports it and still runs this).
  if (env.OIDC_ISSUER && URL.canParse(env.OIDC_ISSUER)) {
    const issuer = new URL(env.OIDC_ISSUER);
    if (issuer.protocol !== "https:" && !isLoopbackHost(issuer.hostname)) {
      problems.push({
        path: ["OIDC_ISSUER"],
        message: "must be an https URL: sign-in answers from the provider must not travel in the clear.",
      });
    }
  }
  return problems;
}

export type ServerEnv = z.infer<typeof envSchema>;

let cached: ServerEnv | undefined;

export function serverEnv(): ServerEnv {
  cached ??= parse(envSchema, process.env);
  return cached;
}

/**
 * The environment a server start needs: serverEnv's, one payment service chosen, and demo mode
 * kept to its own embedded database on this machine (commands such as user:create open the
 * database without these checks). HOST is the address the server listens on.
 */
export function parseStartupEnv(raw: Record<string, string | undefined>): ServerEnv {
  return parse(startupEnvSchema, raw);
}

/**
 * Validates an environment; throws one ConfigError listing every problem, each naming its
 * variable (never its value: zod's messages and ours say what is wrong, not what was given).
 */
function parse(schema: typeof envSchema | typeof startupEnvSchema, raw: Record<string, string | undefined>) {
  // An empty (or blank) variable (`DATABASE_URL=`) means "not set", as in most tools.
  const present = Object.fromEntries(Object.entries(raw).filter(([, value]) => value?.trim()));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  return parsed.data;
}
