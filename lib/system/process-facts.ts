import "server-only";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describeConnection } from "@/lib/connection/describe";
import { serverEnv } from "@/lib/env";
import { backgroundLoopLiveness } from "@/lib/jobs/background-jobs";
import { webhookProcessingBacklog } from "@/lib/webhooks/processing-queue";
import type { SystemInputs } from "./system-report";

/**
 * The commit: PAYDESK_COMMIT or SOURCE_COMMIT at run time (set by the deploy), else the one
 * next.config.mjs read from git at build time (PAYDESK_BUILD_COMMIT), else "unknown".
 */
export function currentCommit(env: Record<string, string | undefined> = process.env): string {
  return env.PAYDESK_COMMIT || env.SOURCE_COMMIT || process.env.PAYDESK_BUILD_COMMIT || "unknown";
}

/** package.json's version: set at build time by next.config.mjs, else read (CLI, tests). */
function currentVersion(): string {
  if (process.env.PAYDESK_VERSION) return process.env.PAYDESK_VERSION;
  try {
    const pkg = JSON.parse(readFileSync(join(process.cwd(), "package.json"), "utf8")) as { version?: string };
    return pkg.version ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** This process's side of the System report: its build, its loops and its queue. */
export function currentSystemInputs(): SystemInputs {
  const env = serverEnv();
  const connection = describeConnection();
  return {
    now: new Date(),
    version: currentVersion(),
    commit: currentCommit(),
    nodeVersion: process.version,
    uptimeSeconds: process.uptime(),
    database: { databaseUrl: env.DATABASE_URL, dataDir: env.PAYDESK_DATA_DIR },
    service: { mode: connection.mode, baseUrl: connection.baseUrl },
    loops: backgroundLoopLiveness(),
    webhookProcessingBacklog: webhookProcessingBacklog(),
  };
}
