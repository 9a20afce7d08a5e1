import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// A production start of the same build with a configuration Paydesk must refuse: the process
// ends with status 1 and says what to set, instead of serving errors.
function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "paydesk-refused-"));
  const run = spawnSync("npx", ["next", "start", "-H", "127.0.0.1", "-p", "0"], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXTAUTH_SECRET: "refused-start-secret-0123456789",
      PAYDESK_DATA_DIR: dataDir,
      ...env,
    },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

test("a start with no payment service chosen refuses, naming both ways to choose one", () => {
  const { status, output } = start({});
  expect(status).toBe(1);
  expect(output).toContain("refusing to start");
  expect(output).toContain("PAYMENTS_BASE_URL");
  expect(output).toContain("PAYDESK_SANDBOX=embedded");
});

test("demo mode next to a real service refuses", () => {
  const { status, output } = start({
    PAYDESK_DEMO: "1",
    PAYMENTS_BASE_URL: "https://payments.example.com",
    PAYMENTS_INVOICE_KEY: "k1",
    PAYMENTS_WITHDRAWAL_KEY: "k2",
  });
  expect(status).toBe(1);
  expect(output).toContain("PAYDESK_DEMO=1 seeds users with a published password");
});

test("a link lifetime over 72 hours refuses, saying the limit", () => {
  const { status, output } = start({ PAYDESK_SANDBOX: "embedded", PAYDESK_ACCOUNT_LINK_HOURS: "168" });
  expect(status).toBe(1);
  expect(output).toContain("PAYDESK_ACCOUNT_LINK_HOURS: must be at most 72 hours");
});
