#!/usr/bin/env node
// `npm run demo`: build when the sources changed since the last build, then serve Paydesk in demo
// mode (demo users seeded, embedded defaults). Migrations and the seed run inside the server.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const root = process.cwd();
const host = process.env.HOST || "127.0.0.1";
const port = process.env.PORT || "3000";
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const BUNDLE_START = join(root, ".next", "standalone", "start.cjs");

if (needsBuild()) {
  console.log("[demo] building Paydesk (first run or sources changed)…");
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const serverEnv = {
  ...env,
  PAYDESK_DEMO: "1",
  // Readable log lines in a terminal; a deployment keeps the default, one JSON object per line.
  LOG_FORMAT: env.LOG_FORMAT || "pretty",
  // The demo runs on the embedded sandbox, never a real service (the server refuses demo mode with one).
  PAYDESK_SANDBOX: "embedded",
  HOST: host,
  PORT: port,
  // In the demo, sandbox payouts settle by themselves (process → check → paid), as a real one would.
  SANDBOX_AUTO_SETTLE_MS: env.SANDBOX_AUTO_SETTLE_MS ?? "5000",
  NEXTAUTH_SECRET: env.NEXTAUTH_SECRET || demoSecret(),
  // next-auth builds its URLs from the Host header the browser sent, so localhost and 127.0.0.1 both work.
  AUTH_TRUST_HOST: env.AUTH_TRUST_HOST || "true",
  // The demo's mail goes to its own mail catcher, shown at /sandbox/mail, unless SMTP_URL names a server.
  ...(env.SMTP_URL ? {} : { PAYDESK_MAIL_CATCHER: "embedded" }),
};
// PAYDESK_DEMO_SSO=1: single sign-on with a built-in provider beside the demo (lib/cli/demo-sso.ts).
const sso = env.PAYDESK_DEMO_SSO === "1" ? await startDemoSso() : null;
if (sso) Object.assign(serverEnv, sso.env);
// Passkeys refuse an IP address as their site: on loopback, the demo is opened as localhost.
const shownHost = host === "127.0.0.1" || host === "::1" ? "localhost" : host;
console.log(`[demo] Paydesk on http://${shownHost}:${port} — sign in as admin@example.com / paydesk-demo`);
// The finished bundle, as a deployment starts it (lib/cli/bundle-start.cjs). The server refuses demo
// mode beyond loopback unless PAYDESK_DEMO_PUBLIC=1 (lib/env.ts), and DATABASE_URL, and a database
// it did not start itself.
const server = spawn(process.execPath, [BUNDLE_START], { stdio: "inherit", env: serverEnv });
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    sso?.process.kill(signal);
    server.kill(signal);
  });
server.on("exit", (code, signal) => {
  sso?.process.kill("SIGTERM");
  process.exit(code ?? (signal ? 0 : 1));
});

/** Starts the built-in provider on the port after Paydesk's and waits until it answers. */
async function startDemoSso() {
  const ssoPort = String(Number(port) + 1);
  const secret = randomBytes(24).toString("base64url");
  const child = spawn(process.execPath, ["--import", "tsx", "lib/cli/demo-sso.ts", ssoPort, secret, port], {
    stdio: "inherit",
    env,
  });
  const issuer = `http://127.0.0.1:${ssoPort}`;
  for (let tries = 0; tries < 100; tries += 1) {
    const answer = await fetch(`${issuer}/.well-known/openid-configuration`).catch(() => null);
    if (answer?.ok) {
      return {
        process: child,
        env: {
          OIDC_ISSUER: issuer,
          OIDC_CLIENT_ID: "paydesk-demo",
          OIDC_CLIENT_SECRET: secret,
          OIDC_NAME: "Demo ID",
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGTERM");
  console.error("[demo] the built-in sign-in provider did not start");
  process.exit(1);
}

function needsBuild() {
  const buildId = join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId) || !existsSync(BUNDLE_START)) return true;
  const builtAt = statSync(buildId).mtimeMs;
  const inputs = [
    "app",
    "components",
    "lib",
    "public",
    "package-lock.json",
    "next.config.mjs",
    "instrumentation.ts",
  ];
  return inputs.some((input) => newestMtime(join(root, input)) > builtAt);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** A secret kept beside the demo data, so demo sessions survive a restart. */
function demoSecret() {
  const file = join(root, "data", ".demo-auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
