import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./production-server";

/**
 * A PostgreSQL server of the spec's own (initdb and pg_ctl in a temporary directory, on a free
 * port of 127.0.0.1), that it may stop and start again: the binaries test-support/runner/
 * with-postgres.sh uses (PAYDESK_PG_BIN, else the newest /usr/lib/postgresql/<version>/bin).
 * As root, the server runs as the postgres user, as PostgreSQL requires.
 */
export interface PrivatePostgres {
  url: string;
  stop(): void;
  start(): void;
  /** Stops it (if running) and removes its files. */
  remove(): void;
}

/** The directory holding initdb and pg_ctl, or null when no PostgreSQL server is installed. */
export function postgresBinDir(): string | null {
  const chosen = process.env.PAYDESK_PG_BIN;
  if (chosen) return existsSync(path.join(chosen, "initdb")) ? chosen : null;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, "bin", "initdb")))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
}

export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), "paydesk-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, postgresUid(), postgresGid());
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, command), ...args]]
      : [path.join(bin, command), args];
    const result = spawnSync(file, argv, { encoding: "utf8", timeout: 60_000 });
    if (result.status !== 0) {
      throw new Error(`${command} ${args.join(" ")} failed: ${result.stdout}${result.stderr}`);
    }
  };
  const data = path.join(dir, "data");
  const port = await freePort();
  run("initdb", ["-D", data, "--auth=trust", "--username=postgres", "--encoding=UTF8"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () =>
    run("pg_ctl", ["-D", data, "-l", path.join(dir, "server.log"), "-w", "-o", options, "start"]);
  let running = false;
  const postgres: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => {
      start();
      running = true;
    },
    // Fast: open connections are ended, as when a database server goes down under its clients.
    stop: () => {
      run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      running = false;
    },
    remove: () => {
      if (running) run("pg_ctl", ["-D", data, "-m", "immediate", "stop"]);
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  postgres.start();
  return postgres;
}

function postgresUid(): number {
  return Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim());
}

function postgresGid(): number {
  return Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim());
}
