import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** `npm run config:check` as an operator runs it: only the environment given, nothing started. */
function configCheck(env: Record<string, string>) {
  const run = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "lib/cli/paydesk.ts", "config:check"],
    {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", ...env },
      encoding: "utf8",
      timeout: 30_000,
    },
  );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const production = {
  NEXTAUTH_SECRET: "config-check-secret-0123456789",
  NEXTAUTH_URL: "https://paydesk.example.com",
  PAYMENTS_BASE_URL: "https://pay.example.com/api",
  PAYMENTS_INVOICE_KEY: "config-check-invoice-key",
  PAYMENTS_WITHDRAWAL_KEY: "config-check-withdrawal-key",
  // Never opened: the check connects to nothing.
  DATABASE_URL: "postgres://paydesk:db-password@127.0.0.1:1/paydesk",
};

describe("npm run config:check", () => {
  it("says OK, what it will run as, and no secret, without opening the database", () => {
    const { status, stdout } = configCheck(production);
    expect(status).toBe(0);
    expect(stdout).toMatch(/^configuration OK\n/);
    expect(stdout).toContain("mode: production");
    expect(stdout).toContain("database: PostgreSQL at 127.0.0.1:1, database paydesk (pool of 10)");
    expect(stdout).toContain("payment service: pay.example.com");
    for (const secret of [
      "db-password",
      "config-check-secret",
      "config-check-invoice-key",
      "config-check-withdrawal-key",
    ])
      expect(stdout).not.toContain(secret);
  });

  it("refuses with EX_CONFIG (78), every problem a line, names only", () => {
    const { status, stdout, stderr } = configCheck({
      ...production,
      PAYMENTS_INVOICE_KEY: "",
      PAYMENTS_WITHDRAWAL_KEY: "",
      NEXTAUTH_URL: "",
      PAYDESK_DB_POOL_SIZE: "1000",
    });
    expect(status).toBe(78);
    expect(stdout).toBe("");
    expect(stderr.trim().split("\n")).toEqual([
      "config:check: the configuration is invalid:",
      expect.stringMatching(/^ {2}PAYDESK_DB_POOL_SIZE: must be at most 100/),
      expect.stringMatching(/^ {2}PAYMENTS_INVOICE_KEY: is not set/),
      expect.stringMatching(/^ {2}PAYMENTS_WITHDRAWAL_KEY: is not set/),
      expect.stringMatching(/^ {2}NEXTAUTH_URL: is not set/),
    ]);
    expect(stderr).not.toContain("db-password");
  });
});
