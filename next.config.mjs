import { execFileSync } from "node:child_process";
import { STATIC_SECURITY_HEADERS } from "./lib/http/static-headers.mjs";

/** The commit being built, for the System page: the deploy's, else git's, else "unknown" (never a failed build). */
function buildCommit() {
  const given = process.env.PAYDESK_COMMIT || process.env.SOURCE_COMMIT;
  if (given) return given;
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 5_000,
    }).trim();
  } catch {
    return "unknown";
  }
}

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A server that runs without the repository's node_modules: `npm run build` finishes it into a
  // directory to copy (lib/cli/finish-bundle.mjs), started with `node start.cjs` (README: Deploying).
  output: "standalone",
  // Read from disk at run time, relative to the working directory (server.js makes that its own):
  // file tracing cannot see them, so they are copied into the bundle by name.
  outputFileTracingIncludes: {
    "/**": ["./lib/db/migrations/**/*", "./lib/sandbox/db/migrations/**/*"],
  },
  // PGlite ships wasm that must load from node_modules at run time, never be bundled
  // (bundling breaks webpack builds and copies 15 MB of wasm into public static files).
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "pg"],
  poweredByHeader: false,
  // Read by lib/system/process-facts.ts; PAYDESK_COMMIT or SOURCE_COMMIT at run time still win.
  env: { PAYDESK_BUILD_COMMIT: buildCommit() || "unknown" },
  // `npm test` type-checks the whole repository first (tsc --noEmit); checking again here would
  // only double the build time.
  typescript: { ignoreBuildErrors: true },
  async headers() {
    return [{ source: "/:path*", headers: STATIC_SECURITY_HEADERS }];
  },
  experimental: {
    // Enables forbidden() and app/forbidden.tsx: a real 403 for pages a role may not open.
    authInterrupts: true,
    serverActions: {
      // The largest action input is the invoice form: up to 255 KB of extra JSON, which the
      // action's own encoding can at most double (every character escaped), plus small fields.
      bodySizeLimit: "1mb",
    },
    // proxy.ts sees every request and buffers its body up to this size (cutting the rest). Kept
    // far above every handler's own limit (server actions 1 MB, webhooks and the sandbox less),
    // so a cut body is still too large for its handler and refused whole.
    proxyClientMaxBodySize: "10mb",
  },
};

export default nextConfig;
