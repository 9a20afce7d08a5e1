import "server-only";
import { appServiceConfig } from "@/lib/service/app-config";
import { displayUrl } from "@/lib/service/check-connection";

export interface ConnectionSummary {
  mode: "embedded-sandbox" | "external";
  baseUrl: string;
  signStyle: string;
  timeoutMs: number;
  /** Set when the configuration itself is wrong; then nothing can be tested. */
  problem?: string;
}

/** What the Service connection page shows: never a key, only where and how we connect. */
export function describeConnection(): ConnectionSummary {
  try {
    const config = appServiceConfig();
    return {
      mode: config.mode,
      baseUrl: displayUrl(config.baseUrl),
      signStyle: config.signStyle ?? "php",
      timeoutMs: config.timeoutMs ?? 10_000,
    };
  } catch (error) {
    return {
      mode: "external",
      baseUrl: process.env.PAYMENTS_BASE_URL ? displayUrl(process.env.PAYMENTS_BASE_URL) : "(not set)",
      signStyle: "php",
      timeoutMs: 10_000,
      problem: error instanceof Error ? error.message : String(error),
    };
  }
}
