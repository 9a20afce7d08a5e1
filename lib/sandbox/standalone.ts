/**
 * `npm run sandbox`: the sandbox as its own process, with PGlite data on disk.
 * Env: SANDBOX_PORT (4010), SANDBOX_HOST (127.0.0.1), SANDBOX_DATA_DIR (./data/sandbox),
 * SANDBOX_INVOICE_KEY / SANDBOX_WITHDRAWAL_KEY (demo keys), SANDBOX_WEBHOOK_URL, SANDBOX_PUBLIC_URL,
 * SANDBOX_AUTO_SETTLE_MS (withdrawals settle by themselves when set).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { startSandboxServer } from "./server";

const env = process.env;
const dataDir = resolve(env.SANDBOX_DATA_DIR || "./data/sandbox");
const lockPath = `${dataDir}.lock`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** PGlite allows one process per data directory and says nothing when two open it: refuse loudly. */
function takeLock() {
  mkdirSync(dirname(dataDir), { recursive: true });
  for (let i = 0; i < 2; i++) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = Number(readFileSync(lockPath, "utf8").trim());
      if (holder && holder !== process.pid && alive(holder)) {
        console.error(
          `[sandbox] ${dataDir} is in use by process ${holder} (lock file ${lockPath}). Stop it or set SANDBOX_DATA_DIR.`,
        );
        process.exit(1);
      }
      rmSync(lockPath, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`could not take ${lockPath}`);
}

const releaseLock = () => {
  try {
    if (readFileSync(lockPath, "utf8").trim() === String(process.pid)) rmSync(lockPath, { force: true });
  } catch {
    // already gone
  }
};

takeLock();
process.on("exit", releaseLock);

const autoSettle = env.SANDBOX_AUTO_SETTLE_MS ? Number(env.SANDBOX_AUTO_SETTLE_MS) : undefined;
const server = await startSandboxServer({
  port: Number(env.SANDBOX_PORT || 4010),
  host: env.SANDBOX_HOST || "127.0.0.1",
  dataDir,
  publicUrl: env.SANDBOX_PUBLIC_URL || undefined,
  demoMerchant: {
    invoiceKey: env.SANDBOX_INVOICE_KEY || "sandbox-invoice-key",
    withdrawalKey: env.SANDBOX_WITHDRAWAL_KEY || "sandbox-withdrawal-key",
    webhookUrl: env.SANDBOX_WEBHOOK_URL || null,
  },
  autoSettleWithdrawalsMs: Number.isFinite(autoSettle) ? autoSettle : undefined,
});
console.log(`[sandbox] payment service sandbox at ${server.url} (data: ${dataDir})`);
console.log(`[sandbox] OpenAPI: ${server.url}/openapi.json`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`[sandbox] ${signal}: shutting down`);
    server
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error("[sandbox] shutdown failed:", err);
        process.exit(1);
      });
  });
}
