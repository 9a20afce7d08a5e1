import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/**
 * A production start of the finished bundle (`node .next/standalone/start.cjs`, as a deployment
 * starts it, so that a signal reaches the server and its exit status is the server's) on a free port, with its output kept line by line,
 * for specs that stop, signal or restart a server of their own.
 */
export interface ProductionServer {
  baseUrl: string;
  child: ChildProcess;
  /** Lines written so far, in order, with the stream each came on. */
  lines: { stream: "stdout" | "stderr"; text: string }[];
  /** Resolves with the exit status (or the signal's name) once the process has exited. */
  exited: Promise<number | string>;
  /** True once the process is gone (exited, or dying: a zombie), by its /proc entry. */
  gone(): boolean;
  /** SIGKILL if still running (after a test, whatever happened). */
  kill(): void;
}

export const SERVER_SECRET = "own-production-server-secret-0123456789";

export async function startProductionServer(env: Record<string, string>): Promise<ProductionServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [".next/standalone/start.cjs"], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXTAUTH_SECRET: SERVER_SECRET,
      AUTH_TRUST_HOST: "true",
      HOST: "127.0.0.1",
      PORT: String(port),
      ...env,
    },
  });
  const lines: ProductionServer["lines"] = [];
  for (const stream of ["stdout", "stderr"] as const) {
    let partial = "";
    child[stream]?.on("data", (chunk: Buffer) => {
      const parts = (partial + chunk.toString()).split("\n");
      partial = parts.pop() ?? "";
      for (const text of parts) lines.push({ stream, text });
    });
    child[stream]?.on("end", () => partial && lines.push({ stream, text: partial }));
  }
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  const pid = child.pid ?? 0;
  const server: ProductionServer = {
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    lines,
    exited,
    gone: () => child.exitCode !== null || child.signalCode !== null || !alive(pid),
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
  };
  await untilReady(server);
  return server;
}

/** Polls GET /api/ready until it answers 200 (the server started its loops on a current database). */
async function untilReady(server: ProductionServer): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && !server.gone()) {
    const ready = await fetch(`${server.baseUrl}/api/ready`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill();
  const log = server.lines.map((line) => line.text).join("\n");
  throw new Error(`the production server did not become ready:\n${log}`);
}

/** A process that is running or stopped, not one that has exited and waits to be reaped. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state !== "Z" && state !== "X";
  } catch {
    return false;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Polls `check` until it answers something other than undefined, or fails after `timeoutMs`. */
export async function pollUntil<T>(
  what: string,
  timeoutMs: number,
  check: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s${last ? ` (last: ${String(last)})` : ""}`);
}
