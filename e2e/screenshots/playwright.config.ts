import path from "node:path";
import { defineConfig } from "@playwright/test";
import base from "../../playwright.config";

/**
 * `npm run screenshots`: every page each role opens, at 1280 × 800 and 390 × 844, saved as PNG in
 * SHOTS_DIR (test-results/screenshots by default) for a person to look at before a release.
 * The same server as the browser tests (the built bundle on its own database).
 */
export default defineConfig({
  ...base,
  testDir: ".",
  testMatch: /every-page\.shots\.ts$/,
  projects: [{ name: "screenshots", use: { ...base.use } }],
  timeout: 300_000,
  // The server starts from the repository's root, as in the main config.
  webServer:
    base.webServer && !Array.isArray(base.webServer)
      ? { ...base.webServer, cwd: path.resolve(import.meta.dirname, "../..") }
      : base.webServer,
});
