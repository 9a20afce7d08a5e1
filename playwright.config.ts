import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
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
const APPROVAL_FOCUS = /approval-focus\.spec\.ts$/;
const SERVER_LOG = /server-log\.spec\.ts$/;
const AUTH_SETUP = /auth\.setup\.ts$/;
// Specs that start servers of their own and wait on them (starts, signals, outages), and those on
// the run's server outside demo mode (two-factor codes wait for their time steps): projects listed
// first, so their waits overlap the rest instead of ending the run.
const OWN_SERVERS = /(refused-start|sigterm-webhook-burst|ready-database-outage|deploy|container)\.spec\.ts$/;
// On the run's one server outside demo mode (e2e/support/non-demo-server.ts), which a setup project
// starts and its teardown stops.
const OUTSIDE_DEMO_MODE = /(two-factor|passkeys|invitations|single-sign-on)\.spec\.ts$/;
const NON_DEMO_SERVER_SETUP = /non-demo-server\.setup\.ts$/;
const NON_DEMO_SERVER_TEARDOWN = /non-demo-server\.teardown\.ts$/;
// Debian's Chromium in its headless shell (package chromium-headless-shell, the same build as the
// browser): the form Playwright runs headless tests in, at about half the CPU of the full browser
// in headless mode. The full browser (package chromium) serves where the shell is not installed.
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path)) ??
  "/usr/bin/chromium-headless-shell";

export default defineConfig({
  testDir: "./e2e",
  // Its own folder, which Playwright empties at each start: test-results/ also keeps npm test's reports.
  outputDir: "./test-results/playwright",
  fullyParallel: true,
  // Three on a 2-core machine: a test spends about a third of its time waiting on the server, so
  // two workers left the cores a third idle (docs/testing.md: 498 s against 556 s). Playwright's
  // own default, half the cores, on larger machines.
  workers: Math.max(3, Math.floor(availableParallelism() / 2)),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [["list"], ["json", { outputFile: "test-results/e2e.json" }]] : "list",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // A failed test keeps its trace (actions, network, DOM snapshots); the screencast is left out:
    // recording its frames for every test cost the browser a fifth of its CPU.
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM,
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
    // Each demo user signs in once through the form; the specs reuse those sessions (e2e/auth.setup.ts).
    {
      name: "sign in once per role",
      use: { ...devices["Desktop Chrome"] },
      testMatch: AUTH_SETUP,
    },
    {
      name: "server outside demo mode",
      use: { ...devices["Desktop Chrome"] },
      testMatch: NON_DEMO_SERVER_SETUP,
      teardown: "stop the server outside demo mode",
    },
    {
      name: "stop the server outside demo mode",
      testMatch: NON_DEMO_SERVER_TEARDOWN,
    },
    {
      name: "outside demo mode",
      use: { ...devices["Desktop Chrome"] },
      testMatch: OUTSIDE_DEMO_MODE,
      dependencies: ["sign in once per role", "server outside demo mode"],
    },
    // They start servers of their own and use no demo session. Playwright runs projects in phases
    // (a phase starts once the one before has ended), so with no dependency they made a first phase
    // of their own 90 s of tests that held back every other project; beside the others they fill
    // the gaps.
    {
      name: "own servers",
      use: { ...devices["Desktop Chrome"] },
      testMatch: OWN_SERVERS,
      dependencies: ["sign in once per role"],
    },
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"] },
      testIgnore: [OUTSIDE_DEMO_MODE, OWN_SERVERS, APPROVAL_FOCUS, MERCHANT_WIDE_FAULTS, SERVER_LOG],
      dependencies: ["sign in once per role"],
    },
    // Reads which row follows its own in the shared approvals queue: alone, once the others are done.
    {
      name: "approval focus",
      use: { ...devices["Desktop Chrome"] },
      testMatch: APPROVAL_FOCUS,
      dependencies: ["outside demo mode", "own servers", "chromium"],
    },
    // Sandbox faults hold for the whole demo merchant: these run alone, once every other test is done.
    {
      name: "merchant-wide faults",
      use: { ...devices["Desktop Chrome"] },
      testMatch: MERCHANT_WIDE_FAULTS,
      dependencies: ["approval focus"],
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
      // Idle connections kept a minute, not Next.js's 5 s: a test's request client reusing a
      // connection just as the server closed it read ECONNRESET (seen under load).
      KEEP_ALIVE_TIMEOUT: "65000",
    },
  },
});
