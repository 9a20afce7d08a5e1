import { defineConfig, devices } from "@playwright/test";

// The app under test runs on its own port and its own fresh embedded database, so a demo
// running on 3000 (and its data directory) is never touched.
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = `./data/e2e/${process.env.E2E_RUN_ID ?? Date.now()}`;
const MERCHANT_WIDE_FAULTS = /merchant-wide-faults\.spec\.ts$/;

export default defineConfig({
  testDir: "./e2e",
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
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: MERCHANT_WIDE_FAULTS },
    // Sandbox faults hold for the whole demo merchant: these run alone, once every other test is done.
    {
      name: "merchant-wide faults",
      use: { ...devices["Desktop Chrome"] },
      testMatch: MERCHANT_WIDE_FAULTS,
      dependencies: ["chromium"],
    },
  ],
  // The finished bundle, started as a deployment starts it (`npm run build` first): what ships is what is tested.
  webServer: {
    command: "node .next/standalone/start.cjs",
    url: `${baseURL}/login`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      NEXT_TELEMETRY_DISABLED: "1",
      HOST: "127.0.0.1",
      PORT: String(port),
      PAYMENTS_BASE_URL: "",
      PAYDESK_SANDBOX: "embedded",
      PAYDESK_DEMO: "1",
      PAYDESK_DATA_DIR: dataDir,
      DATABASE_URL: "",
      NEXTAUTH_SECRET: "e2e-secret-not-for-production-0123456789",
      AUTH_TRUST_HOST: "true",
      METRICS_TOKEN: "e2e-metrics-token-0123456789",
    },
  },
});
