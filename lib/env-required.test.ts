import { describe, expect, it } from "vitest";
import { parseStartupEnv } from "./env";
import { EXIT_CONFIG, isConfigError } from "./start-mode/config-error";

const secret = { NEXTAUTH_SECRET: "a-secret-of-more-than-16-characters" };
const realService = {
  PAYMENTS_BASE_URL: "https://pay.example.com",
  PAYMENTS_INVOICE_KEY: "invoice-key-value",
  PAYMENTS_WITHDRAWAL_KEY: "withdrawal-key-value",
};
const production = {
  ...secret,
  ...realService,
  NODE_ENV: "production",
  NEXTAUTH_URL: "https://paydesk.example.com",
};

/** The problems a start is refused for, one line each; [] when it would start. */
function refusal(env: Record<string, string | undefined>): string[] {
  try {
    parseStartupEnv(env);
    return [];
  } catch (error) {
    if (!isConfigError(error)) throw error;
    expect(error.message.split("\n").slice(1)).toEqual(error.problems.map((problem) => `  ${problem}`));
    return [...error.problems];
  }
}

describe("the values a start cannot do without", () => {
  it("starts a production configuration with everything set", () => {
    expect(refusal(production)).toEqual([]);
  });

  it("refuses the real service's URL without both keys; an empty or blank key is an unset one", () => {
    for (const empty of [undefined, "", "   "]) {
      const problems = refusal({
        ...production,
        PAYMENTS_INVOICE_KEY: empty,
        PAYMENTS_WITHDRAWAL_KEY: empty,
      });
      expect(problems).toEqual([
        expect.stringMatching(/^PAYMENTS_INVOICE_KEY: is not set: PAYMENTS_BASE_URL needs both/),
        expect.stringMatching(/^PAYMENTS_WITHDRAWAL_KEY: is not set/),
      ]);
    }
  });

  it("refuses a start without NEXTAUTH_SECRET, or with an empty one", () => {
    for (const empty of [undefined, ""]) {
      expect(refusal({ ...production, NEXTAUTH_SECRET: empty })).toEqual([
        expect.stringMatching(/^NEXTAUTH_SECRET: is not set: set it to a long random string/),
      ]);
    }
  });

  it("refuses a NEXTAUTH_URL that is not an absolute http(s) URL", () => {
    for (const url of ["paydesk.example.com", "/paydesk", "ftp://paydesk.example.com"]) {
      expect(refusal({ ...production, NEXTAUTH_URL: url })).toEqual([
        "NEXTAUTH_URL: must be an absolute http(s) URL (https://paydesk.example.com)",
      ]);
    }
  });

  it("refuses a production start without NEXTAUTH_URL, empty included, unless AUTH_TRUST_HOST=true", () => {
    for (const empty of [undefined, ""]) {
      expect(refusal({ ...production, NEXTAUTH_URL: empty })).toEqual([
        expect.stringMatching(/^NEXTAUTH_URL: is not set: .*or set AUTH_TRUST_HOST=true/),
      ]);
    }
    expect(refusal({ ...production, NEXTAUTH_URL: "", AUTH_TRUST_HOST: "true" })).toEqual([]);
    expect(refusal({ ...production, NEXTAUTH_URL: "", AUTH_TRUST_HOST: "false" })).toEqual([
      expect.stringMatching(
        /^AUTH_TRUST_HOST: must be `true` or unset: next-auth trusts the Host header for any value/,
      ),
      expect.stringMatching(/^NEXTAUTH_URL: is not set/),
    ]);
  });

  it("asks no NEXTAUTH_URL of demo mode or of a development server", () => {
    const demo = { ...secret, PAYDESK_SANDBOX: "embedded", PAYDESK_DEMO: "1", HOST: "127.0.0.1" };
    expect(refusal({ ...demo, NODE_ENV: "production" })).toEqual([]);
    expect(refusal({ ...production, NEXTAUTH_URL: undefined, NODE_ENV: "development" })).toEqual([]);
  });

  it("checks the service's and the public addresses' other variables at start too", () => {
    expect(
      refusal({
        ...production,
        PAYMENTS_SIGN_STYLE: "xml",
        PAYMENTS_TIMEOUT_MS: "60001",
        PAYDESK_URL: "127.0.0.1:3000",
        SANDBOX_PUBLIC_URL: "shop",
        PAYDESK_DB_POOL_SIZE: "0",
      }),
    ).toEqual([
      "PAYDESK_DB_POOL_SIZE: must be at least 1",
      "PAYDESK_URL: must be an absolute http(s) URL (https://paydesk.example.com)",
      "PAYMENTS_SIGN_STYLE: must be php or plain",
      "PAYMENTS_TIMEOUT_MS: must be at most 60000 (one minute)",
      "SANDBOX_PUBLIC_URL: must be an absolute http(s) URL (https://paydesk.example.com)",
    ]);
  });
});

describe("a refusal", () => {
  it("lists every problem at once, one a line, naming variables and never a value", () => {
    const secrets = {
      NEXTAUTH_SECRET: "short-secret",
      PAYMENTS_BASE_URL: "https://user:service-password@pay.example.com",
      PAYMENTS_INVOICE_KEY: "",
      PAYMENTS_WITHDRAWAL_KEY: "a-withdrawal-key-nobody-may-read",
      PAYMENTS_TIMEOUT_MS: "soon",
      METRICS_TOKEN: "too-short",
      SMTP_URL: "smtp://mailer:mail-password@smtp.example.com",
      DATABASE_URL: "mysql://paydesk:db-password@db.example.com/paydesk",
      NEXTAUTH_URL: "paydesk-host-name",
      NODE_ENV: "production",
    };
    let error: unknown;
    try {
      parseStartupEnv(secrets);
    } catch (caught) {
      error = caught;
    }
    expect(isConfigError(error)).toBe(true);
    const message = (error as Error).message;
    const named = [
      "NEXTAUTH_SECRET",
      "PAYMENTS_INVOICE_KEY",
      "PAYMENTS_TIMEOUT_MS",
      "METRICS_TOKEN",
      "SMTP_URL",
    ];
    for (const name of [...named, "DATABASE_URL", "NEXTAUTH_URL"])
      expect(message).toMatch(new RegExp(`^  ${name}: `, "m"));
    for (const value of Object.values(secrets).filter(
      (value) => value.length > 4 && value !== "production",
    )) {
      expect(message, `the refusal shows no value: ${value}`).not.toContain(value);
    }
    for (const part of ["service-password", "mail-password", "db-password", "mailer"])
      expect(message).not.toContain(part);
  });

  it("still runs the start's checks when a variable failed its own, without tripping on its value", () => {
    expect(
      refusal({ ...production, PAYDESK_DEMO: "yes", PAYMENTS_WITHDRAWAL_KEY: "", OIDC_ISSUER: "x" }),
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PAYDESK_DEMO: /),
        expect.stringMatching(/^OIDC_ISSUER: /),
        expect.stringMatching(/^PAYMENTS_WITHDRAWAL_KEY: is not set/),
        expect.stringMatching(/^OIDC_CLIENT_ID: is needed for single sign-on/),
      ]),
    );
  });

  it("exits with EX_CONFIG, 78, which the systemd unit does not restart", () => {
    expect(EXIT_CONFIG).toBe(78);
  });
});
