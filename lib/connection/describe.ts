import "server-only";
import { appServiceConfig } from "@/lib/service/app-config";
import { displayUrl } from "@/lib/service/check-connection";
import { embeddedSandboxKeys, type SandboxKeys } from "@/lib/service/embedded-sandbox-keys";

export interface ConnectionSummary {
  mode: "embedded-sandbox" | "external";
  baseUrl: string;
  signStyle: string;
  timeoutMs: number;
  /** The embedded sandbox's demo merchant keys: no real money, and an admin needs them for its control API. */
  sandboxKeys?: SandboxKeys;
  /** Set when the configuration itself is wrong; then nothing can be tested. */
  problem?: string;
}

/** What the Service connection page shows: never a real service's key, only where and how we connect. */
export function describeConnection(): ConnectionSummary {
  try {
    const config = appServiceConfig();
    return {
      mode: config.mode,
      baseUrl: displayUrl(config.baseUrl),
      signStyle: config.signStyle ?? "php",
      timeoutMs: config.timeoutMs ?? 10_000,
      ...(config.mode === "embedded-sandbox" ? { sandboxKeys: embeddedSandboxKeys() } : {}),
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
