/**
 * A production build of Paydesk (`next start`) for the HTTP benchmarks: started on its own port
 * with the embedded sandbox, measured by resident memory of its whole process tree, and stopped.
 * Without a database of the caller's it runs in demo mode (the demo users) on a fresh PGlite
 * directory of its own; on a database the caller prepared (PostgreSQL, or a seeded PGlite
 * directory) it runs outside demo mode, with the bench's own users and sandbox keys, which the
 * caller created beforehand (bench/bench-users.ts): demo mode runs only on its own fresh database.
 * Builds first when there is no build.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { BENCH_AUTH_SECRET, BENCH_SANDBOX_KEYS } from "./bench-users";

export interface NextServer {
  baseUrl: string;
  pid: number;
  /** Resident memory of the server and every process under it, in bytes. */
  rss(): number;
  /**
   * Each request's time inside the server since the last call, oldest first
   * (bench/server-times-hook.mjs); only for a server started with `recordServerTimes`.
   */
  serverTimes(): Promise<ServerTime[]>;
  /** SIGTERM (the server finishes queued work and closes its database), SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

export interface NextServerOptions {
  port: number;
  /**
   * A PostgreSQL URL (or DATABASE_URL or PAYDESK_DATA_DIR in `env`), prepared with the bench's
   * users; without one the server opens a fresh PGlite data directory of its own, in demo mode.
   */
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Load bench/server-times-hook.mjs, for `serverTimes()`. */
  recordServerTimes?: boolean;
}

export interface ServerTime {
  url: string;
  ms: number;
}

const SERVER_TIMES_HOOK = fileURLToPath(new URL("./server-times-hook.mjs", import.meta.url));

export function ensureBuild(): void {
  if (existsSync(".next/BUILD_ID")) return;
  console.log("[bench] no build yet: next build…");
  const build = spawnSync("npx", ["next", "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (build.status !== 0) throw new Error("next build failed");
}

export async function startNextServer(options: NextServerOptions): Promise<NextServer> {
  ensureBuild();
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const { DATABASE_URL: _never, TEST_DATABASE_URL: _neither, ...inherited } = process.env;
  // Without a database of the caller's, a PGlite directory of its own, removed as the server stops.
  const ownDataDir =
    options.databaseUrl || options.env?.DATABASE_URL || options.env?.PAYDESK_DATA_DIR
      ? undefined
      : mkdtempSync(join(tmpdir(), "paydesk-bench-"));
  const child = spawn(
    process.execPath,
    [
      // BENCH_PROFILE_DIR=/tmp/prof: a CPU profile of the server, written as it stops.
      ...(process.env.BENCH_PROFILE_DIR
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
        : []),
      ...(options.recordServerTimes ? ["--import", SERVER_TIMES_HOOK] : []),
      ...["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(options.port)],
    ],
    {
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...inherited,
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        PAYMENTS_BASE_URL: "",
        PAYDESK_SANDBOX: "embedded",
        ...(ownDataDir
          ? { PAYDESK_DEMO: "1" }
          : {
              PAYDESK_DEMO: "",
              SANDBOX_INVOICE_KEY: BENCH_SANDBOX_KEYS.invoiceKey,
              SANDBOX_WITHDRAWAL_KEY: BENCH_SANDBOX_KEYS.withdrawalKey,
            }),
        NEXTAUTH_SECRET: BENCH_AUTH_SECRET,
        AUTH_TRUST_HOST: "true",
        DATABASE_URL: options.databaseUrl ?? "",
        PAYDESK_DATA_DIR: ownDataDir ?? "",
        ...options.env,
      },
    },
  );
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    if (process.env.BENCH_SERVER_LOG) appendFileSync(process.env.BENCH_SERVER_LOG, chunk);
    if (output.push(chunk.toString()) > 200) output.shift();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  await waitUntilUp(baseUrl, child, output);
  const pid = child.pid ?? 0;
  return {
    baseUrl,
    pid,
    rss: () => treeRss(pid),
    serverTimes: () => serverTimesOf(baseUrl, options.recordServerTimes),
    stop: async (graceMs) => {
      await stop(child, graceMs);
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

async function serverTimesOf(baseUrl: string, recorded = false): Promise<ServerTime[]> {
  if (!recorded) throw new Error("serverTimes(): start the server with recordServerTimes");
  const response = await fetch(`${baseUrl}/__bench/server-times`);
  if (!response.ok) throw new Error(`GET /__bench/server-times answered ${response.status}`);
  return (await response.json()) as ServerTime[];
}

async function waitUntilUp(baseUrl: string, child: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`next start exited (${child.exitCode}):\n${output.join("")}`);
    try {
      const response = await fetch(`${baseUrl}/login`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGKILL");
  throw new Error(`next start did not answer within 120 s:\n${output.join("")}`);
}

function stop(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** VmRSS of `root` and all its descendants, from /proc (Linux). */
export function treeRss(root: number): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name may hold spaces and parentheses: the fields after the last ")" are fixed.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // the process ended while we looked
    }
  }
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let total = 0;
  for (const pid of tree) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      total += Number(match?.[1] ?? 0) * 1024;
    } catch {
      // gone
    }
  }
  return total;
}

/**
 * Signs a user in over HTTP (next-auth credentials; a demo user unless told otherwise, with the
 * two-factor code in the same request for a user who has it) and returns the Cookie header to send.
 */
export async function signInCookie(
  baseUrl: string,
  email: string,
  password = "paydesk-demo",
  code?: string,
): Promise<string> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const jar = new Map<string, string>();
  remember(jar, csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar) },
    body: new URLSearchParams({ csrfToken, email, password, ...(code ? { code } : {}), json: "true" }),
  });
  remember(jar, signIn);
  if (![...jar.keys()].some((name) => name.includes("session-token"))) {
    throw new Error(`signing in ${email} failed (${signIn.status})`);
  }
  return cookieHeader(jar);
}

function remember(jar: Map<string, string>, response: Response): void {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const index = pair?.indexOf("=") ?? -1;
    if (pair && index > 0) jar.set(pair.slice(0, index), pair.slice(index + 1));
  }
}

function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}
