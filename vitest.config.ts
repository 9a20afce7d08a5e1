import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: root("./") },
      // Outside Next.js, `server-only` throws on import; tests run server code, as the server does.
      { find: /^server-only$/, replacement: root("./node_modules/server-only/empty.js") },
    ],
  },
  test: {
    environment: "node",
    include: [
      "lib/**/*.test.ts",
      "app/**/*.test.ts",
      "components/**/*.test.ts",
      "test-support/architecture/*.test.ts",
    ],
    setupFiles: ["./test-support/vitest-setup.ts", "./test-support/queued-query-guard.ts"],
    globalSetup: ["./test-support/vitest-global-setup.ts"],
    // Measured on 2 cores (docs/testing.md): worker threads, not child processes, ran the PGlite
    // run in 139-148 s against 200 s, and PostgreSQL's in 79 s against 85. Vitest's default is one
    // worker fewer than the cores, one here: two workers did it in 200 s against 283 (forks);
    // three were no faster.
    pool: "threads",
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Tests run the embedded sandbox, as demos do; the real service is never reached from a test.
    // The log's own tests write to a logger of their own; the rest would only clutter the output.
    env: { PAYDESK_SANDBOX: "embedded", LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" },
  },
});
