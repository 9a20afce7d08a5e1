import "server-only";
import type { LoggerInstance } from "next-auth";
import { logger } from "@/lib/log/logger";

/** Codes that are a person's sign-in refused (a bad or replayed answer from the provider), not a fault of Paydesk's. */
const REFUSALS = new Set(["OAUTH_CALLBACK_ERROR", "OAUTH_CALLBACK_HANDLER_ERROR", "STATE_COOKIE_MISSING"]);

const why = (metadata: unknown) => {
  const error = metadata instanceof Error ? metadata : (metadata as { error?: unknown } | undefined)?.error;
  return error instanceof Error ? error.message : String((error as { message?: unknown })?.message ?? "");
};

/**
 * next-auth's messages in Paydesk's log, one line each with its code and why: a single sign-on
 * refused for an ID token that failed a check says which ("nonce mismatch", "aud mismatch"), at
 * warn; anything else at error. Never the tokens themselves.
 */
export const nextAuthLogger: Partial<LoggerInstance> = {
  error(code, metadata) {
    const entry = { component: "next-auth", code, why: why(metadata).slice(0, 500) };
    if (REFUSALS.has(code))
      logger().warn(entry, "single sign-on refused: the provider's answer failed a check");
    else logger().error(entry, `next-auth: ${code}`);
  },
  warn(code) {
    logger().warn({ component: "next-auth", code }, `next-auth: ${code}`);
  },
  debug() {},
};
