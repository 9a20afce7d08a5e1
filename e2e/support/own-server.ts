import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { choosePasswordThroughLink } from "../fixtures";
import { runDir } from "./server-log";

const LOG_TO_FILES = path.join(process.cwd(), "test-support/runner/log-to-files.sh");

/**
 * A second production start of the same build, outside demo mode, on its own port and data
 * directory, for specs that need what demo mode turns off (two-factor required, passkeys): the run's
 * one such server is e2e/support/non-demo-server.ts. Its users are created beforehand from the
 * command line, as an operator would, and each chooses a password through the invitation link
 * `npm run user:create` printed; invitations may also be made and left unused.
 */
export interface OwnServer {
  /** The environment it runs with (the command-line tools share it). */
  env: NodeJS.ProcessEnv;
  /** Each user's email and the password they chose. */
  passwords: Record<string, string>;
  /** Each invitation asked for, by email: its link, left unused, and what the command printed. */
  invitations: Record<string, Invitation>;
  /** Its process group, and its data directory: stopOwnServer ends the one and removes the other. */
  pid: number;
  dataDir: string;
  stop(): void;
}

export interface Invitation {
  link: string;
  expiresAt: string;
  printed: string;
}

export async function startOwnServer(
  browser: Browser,
  options: {
    name: string;
    port: number;
    /** The address people open: invitation links start with it. */
    base: string;
    env: Record<string, string>;
    /** Email → role. */
    users: Record<string, string>;
    /** The password each user chooses, from their email. */
    passwordOf: (email: string) => string;
    /** Invitations made by the command line and left unused; `hours` sets their link's lifetime. */
    invitations?: Array<{ email: string; role: string; hours?: string }>;
  },
): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `paydesk-${options.name}-`));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    AUTH_TRUST_HOST: "true",
    PAYDESK_SANDBOX: "embedded",
    PAYDESK_DATA_DIR: dataDir,
    ...options.env,
  };
  const links = Object.entries(options.users).map(
    ([email, role]) => [email, createUser(env, options.base, email, role).link] as const,
  );
  const invitations: Record<string, Invitation> = {};
  for (const { email, role, hours } of options.invitations ?? []) {
    const linkEnv = hours ? { ...env, PAYDESK_ACCOUNT_LINK_HOURS: hours } : env;
    invitations[email] = createUser(linkEnv, options.base, email, role);
  }
  // The finished bundle, as a deployment starts it; its output goes to the run's log files, which
  // e2e/server-log.spec.ts searches for secrets.
  const server = spawn(
    "bash",
    [LOG_TO_FILES, path.join(runDir(), options.name), process.execPath, ".next/standalone/start.cjs"],
    {
      env: { ...env, HOST: "127.0.0.1", PORT: String(options.port) },
      stdio: "ignore",
      // Its own process group, stopped whole afterwards.
      detached: true,
    },
  );
  const pid = server.pid ?? 0;
  server.unref();
  const stop = () => stopOwnServer({ pid, dataDir });
  if (!(await answers(`http://127.0.0.1:${options.port}/login`, server))) {
    stop();
    throw new Error(`the ${options.name} server did not start`);
  }
  const passwords: Record<string, string> = {};
  for (const [email, link] of links) {
    passwords[email] = options.passwordOf(email);
    await choosePasswordThroughLink(browser, link, passwords[email]);
  }
  return { env, passwords, invitations, pid, dataDir, stop };
}

/** Stops a server startOwnServer started (its whole process group) and removes its data. */
export function stopOwnServer(server: { pid: number; dataDir: string }): void {
  try {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  } catch {
    // Already gone.
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

/** Creates the user from the command line; answers the invitation link it printed, and the rest. */
function createUser(env: NodeJS.ProcessEnv, base: string, email: string, role: string): Invitation {
  const run = spawnSync("npm", ["run", "--silent", "user:create", "--", "--email", email, "--role", role], {
    env: { ...env, NEXTAUTH_URL: base },
    encoding: "utf8",
    timeout: 60_000,
  });
  const printed = /Invitation link \(shown once; it works once, until (\S+)\): (\S+)/.exec(run.stdout);
  if (run.status !== 0 || !printed?.[1] || !printed[2]) {
    throw new Error(`user:create failed: ${run.stdout}${run.stderr}`);
  }
  return { expiresAt: printed[1], link: printed[2], printed: run.stdout };
}

async function answers(url: string, server: ChildProcess): Promise<boolean> {
  for (let i = 0; i < 480 && server.exitCode === null; i++) {
    const up = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return true;
    // Every quarter second (two minutes at most): a start takes a few seconds, not whole ones.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}
