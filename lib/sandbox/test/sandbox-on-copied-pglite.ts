import { drizzle } from "drizzle-orm/pglite";
import { createPglite } from "@/test-support/pglite";
import { startSandboxServer, type SandboxServer, type SandboxServerOptions } from "../server";

/**
 * startSandboxServer on an in-memory PGlite copied from the test run's empty template (no initdb
 * per sandbox); closing the server closes that database too.
 */
export async function startSandboxOnCopiedPglite(options: SandboxServerOptions): Promise<SandboxServer> {
  if (options.db || options.dataDir) return startSandboxServer(options);
  const pglite = await createPglite("empty");
  const server = await startSandboxServer({ ...options, db: drizzle(pglite) });
  let closing: Promise<void> | undefined;
  return { ...server, close: () => (closing ??= server.close().then(() => pglite.close())) };
}
