import { defineConfig, devices } from "@playwright/test";

// The app under test runs on its own port and its own fresh embedded database, so a demo
// running on 3000 (and its data directory) is never touched.
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
// One run id for the runner and its workers (they inherit the environment): the run's directory
// holds the server's database and its log files, which specs read (e2e/support/server-log.ts).
process.env.E2E_RUN_ID ??= `local-${Date.now()}`;
const runDir = `./data/e2e/${process.env.E2E_RUN_ID}`;
const MERCHANT_WIDE_FAULTS = /merchant-wide-faults\.spec\.ts$/;
const SERVER_LOG = /server-log\.spec\.ts$/;

export default defineConfig({
  testDir: "./e2e",
  // Its own folder, which Playwright empties at each start: test-results/ also keeps npm test's reports.
  outputDir: "./test-results/playwright",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]] : "list",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"] },
      testIgnore: [MERCHANT_WIDE_FAULTS, SERVER_LOG],
    },
    // Sandbox faults hold for the whole demo merchant: these run alone, once every other test is done.
    {
      name: "merchant-wide faults",
      use: { ...devices["Desktop Chrome"] },
      testMatch: MERCHANT_WIDE_FAULTS,
      dependencies: ["chromium"],
    },
    // Reads what the server logged during every other test: last.
    {
      name: "server log",
      use: { ...devices["Desktop Chrome"] },
      testMatch: SERVER_LOG,
      dependencies: ["merchant-wide faults"],
    },
  ],
  // The finished bundle, started as a deployment starts it (`npm run build` first): what ships is what is tested.
  webServer: {
    command: `bash test-support/runner/log-to-files.sh ${runDir}/server node .next/standalone/start.cjs`,
    url: `${baseURL}/login`,
    timeout: 120_000,
    reuseExistingServer: false,
    // Stopped as a deployment stops it: SIGTERM, then the drain (it frees PGlite's directory).
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    // Its log goes to files in the run's data directory (log-to-files.sh); errors still show here.
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NEXT_TELEMETRY_DISABLED: "1",
      HOST: "127.0.0.1",
      PORT: String(port),
      PAYMENTS_BASE_URL: "",
      PAYDESK_SANDBOX: "embedded",
      PAYDESK_DEMO: "1",
      PAYDESK_DATA_DIR: `${runDir}/db`,
      DATABASE_URL: "",
      NEXTAUTH_SECRET: "e2e-secret-not-for-production-0123456789",
      AUTH_TRUST_HOST: "true",
      METRICS_TOKEN: "e2e-metrics-token-0123456789",
      // Mail goes to the demo's own mail catcher, read at /sandbox/mail (e2e/email.spec.ts).
      PAYDESK_MAIL_CATCHER: "embedded",
      SMTP_URL: "",
    },
  },
});
