/**
 * A node:http server around the sandbox, backed by its own PGlite (in memory unless dataDir is
 * given). Used by `npm run sandbox` and by integration tests (`port: 0` for an ephemeral port).
 */
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { createSandbox, type SandboxDb, type SandboxOptions } from "./index";
import { listenForSandbox } from "./listener";

export interface SandboxServerOptions extends Omit<SandboxOptions, "db"> {
  port?: number;
  host?: string;
  /** PGlite data directory; default in memory. Ignored when `db` is given. */
  dataDir?: string;
  /** Use this database instead of a private PGlite. */
  db?: SandboxDb;
}

export interface SandboxServer {
  /** The service base_url, e.g. http://127.0.0.1:4010/sandbox */
  url: string;
  origin: string;
  close(): Promise<void>;
}

export async function startSandboxServer(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  let pglite: PGlite | null = null;
  let db = options.db;
  if (!db) {
    pglite = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
    db = drizzle(pglite);
  }
  const sandbox = createSandbox({ ...options, db });
  await sandbox.ready();
  const listener = await listenForSandbox(sandbox, { host: options.host, port: options.port });
  sandbox.start();

  let closing: Promise<void> | null = null;
  return {
    origin: listener.origin,
    url: listener.origin + "/" + (options.basePath ?? "/sandbox").replace(/^\/+|\/+$/g, ""),
    close: () =>
      (closing ??= (async () => {
        await listener.close();
        await sandbox.stop();
        await pglite?.close();
      })()),
  };
}
