import "server-only";
import { describeConnection } from "@/lib/connection/describe";
import { serverEnv } from "@/lib/env";
import { backgroundLoopLiveness } from "@/lib/jobs/background-jobs";
import { PAYDESK_VERSION } from "@/lib/release/version";
import { webhookProcessingBacklog } from "@/lib/webhooks/processing-queue";
import type { SystemInputs } from "./system-report";

/**
 * The commit: PAYDESK_COMMIT or SOURCE_COMMIT at run time (set by the deploy), else the one
 * next.config.mjs read from git at build time (PAYDESK_BUILD_COMMIT), else "unknown".
 */
export function currentCommit(env: Record<string, string | undefined> = process.env): string {
  return env.PAYDESK_COMMIT || env.SOURCE_COMMIT || process.env.PAYDESK_BUILD_COMMIT || "unknown";
}

/** This process's side of the System report: its build, its loops and its queue. */
export function currentSystemInputs(): SystemInputs {
  const env = serverEnv();
  const connection = describeConnection();
  return {
    now: new Date(),
    version: PAYDESK_VERSION,
    commit: currentCommit(),
    nodeVersion: process.version,
    uptimeSeconds: process.uptime(),
    database: { databaseUrl: env.DATABASE_URL, dataDir: env.PAYDESK_DATA_DIR },
    service: { mode: connection.mode, baseUrl: connection.baseUrl },
    loops: backgroundLoopLiveness(),
    webhookProcessingBacklog: webhookProcessingBacklog(),
  };
}
