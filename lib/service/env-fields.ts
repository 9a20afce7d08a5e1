import { z } from "zod";

/** The upper bound of PAYMENTS_TIMEOUT_MS. */
export const MAX_TIMEOUT_MS = 60_000;

/*
 * The payment service's variables, one rule each: lib/env.ts checks them once at start (with what
 * is required when), and serviceConfigFromEnv (config.ts) reads them with the same rules.
 */

export const serviceBaseUrl = z.url({
  protocol: /^https?$/,
  error: (issue) => (issue.input === undefined ? "is missing" : "must be an http(s) URL"),
});

export const serviceKey = z
  .string({ error: "is missing" })
  .max(1_000, { error: "must be at most 1000 characters" });

export const serviceSignStyle = z.enum(["php", "plain"], { error: "must be php or plain" });

export const serviceTimeoutMs = z.coerce
  .number({ error: "must be a number of milliseconds" })
  .int({ error: "must be a whole number of milliseconds" })
  .positive({ error: "must be positive" })
  // A payout's submit lease is derived from this (see callBudgetMs): bounded so it stays short.
  .max(MAX_TIMEOUT_MS, { error: `must be at most ${MAX_TIMEOUT_MS} (one minute)` });
