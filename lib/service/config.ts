import "server-only";

// Configuration of the service client. The client takes it explicitly (tests and the app's wiring
// pass it in); serviceConfigFromEnv reads it from the environment and fails with a readable message
// that names the variables, never their values.
import { z } from "zod";
import type { FetchLike, RetryPolicy, Sleep } from "./http";
import type { SignStyle } from "./signature";
import { serviceBaseUrl, serviceKey, serviceSignStyle, serviceTimeoutMs } from "./env-fields";

export interface ServiceClientConfig {
  /** base_url including any path prefix, e.g. http://127.0.0.1:3000/sandbox (no trailing /v1). */
  baseUrl: string;
  invoiceKey: string;
  /** The invoice key before a rotation: it still verifies webhooks, nothing else. */
  previousInvoiceKey?: string;
  withdrawalKey: string;
  signStyle?: SignStyle;
  timeoutMs?: number;
  /** Merged over DEFAULT_RETRY. */
  retry?: Partial<RetryPolicy>;
  fetch?: FetchLike;
  sleep?: Sleep;
  /** Jitter source in [0, 1); injectable for tests. */
  random?: () => number;
  /** Sent with every request (the embedded sandbox's self-call headers, self-call.ts). */
  extraHeaders?: Record<string, string>;
  /** Told of every call once it ended, retries included (the app's metrics). */
  observe?: (call: ServiceCallObservation) => void;
}

/** One call as the metrics see it: which endpoint, how it ended, how long it took with its retries. */
export interface ServiceCallObservation {
  endpoint: "create invoice" | "read invoice" | "create withdrawal";
  outcome: "ok" | "refused" | "rate limited" | "unavailable" | "unexpected";
  seconds: number;
}

export { MAX_TIMEOUT_MS } from "./env-fields";

const blankAsMissing = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const envSchema = z.object({
  PAYMENTS_BASE_URL: z.preprocess(blankAsMissing, serviceBaseUrl),
  PAYMENTS_INVOICE_KEY: z.preprocess(blankAsMissing, serviceKey),
  PAYMENTS_INVOICE_KEY_PREVIOUS: z.preprocess(blankAsMissing, serviceKey.optional()),
  PAYMENTS_WITHDRAWAL_KEY: z.preprocess(blankAsMissing, serviceKey),
  PAYMENTS_SIGN_STYLE: z.preprocess(blankAsMissing, serviceSignStyle.default("php")),
  PAYMENTS_TIMEOUT_MS: z.preprocess(blankAsMissing, serviceTimeoutMs.default(10_000)),
});

export class ServiceConfigError extends Error {
  override name = "ServiceConfigError";
}

const SERVICE_VARIABLES = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

/** The last configuration read, by the variables it came from: requests read it many times a second. */
let lastRead: { variables: string; config: ServiceClientConfig } | undefined;

export function serviceConfigFromEnv(
  env: Record<string, string | undefined> = process.env,
): ServiceClientConfig {
  // Only this module's variables: copying the whole environment (process.env) costs more than the parse.
  const picked = Object.fromEntries(SERVICE_VARIABLES.map((name) => [name, env[name]]));
  const variables = JSON.stringify(picked);
  if (lastRead?.variables === variables) return { ...lastRead.config };
  const parsed = envSchema.safeParse(picked);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new ServiceConfigError(`Payment service configuration is invalid: ${problems.join("; ")}.`);
  }
  const e = parsed.data;
  const config: ServiceClientConfig = {
    baseUrl: e.PAYMENTS_BASE_URL,
    invoiceKey: e.PAYMENTS_INVOICE_KEY,
    ...(e.PAYMENTS_INVOICE_KEY_PREVIOUS ? { previousInvoiceKey: e.PAYMENTS_INVOICE_KEY_PREVIOUS } : {}),
    withdrawalKey: e.PAYMENTS_WITHDRAWAL_KEY,
    signStyle: e.PAYMENTS_SIGN_STYLE,
    timeoutMs: e.PAYMENTS_TIMEOUT_MS,
  };
  lastRead = { variables, config };
  return { ...config };
}
