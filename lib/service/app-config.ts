import "server-only";
import type { ServiceClientConfig } from "./config";
import { serviceConfigFromEnv } from "./config";
import { embeddedSandboxKeys } from "./embedded-sandbox-keys";

type Env = Record<string, string | undefined>;

export type ServiceMode = "embedded-sandbox" | "external";

export interface AppServiceConfig extends ServiceClientConfig {
  mode: ServiceMode;
}

const present = (value: string | undefined) => (value && value.trim() !== "" ? value : undefined);

/**
 * Where customers reach Paydesk, for the embedded sandbox's pay_url: SANDBOX_PUBLIC_URL, else
 * Paydesk's public URL (NEXTAUTH_URL); undefined: the staff member's browser's origin.
 */
export function sandboxPublicUrl(env: Env = process.env): string | undefined {
  return present(env.SANDBOX_PUBLIC_URL) ?? present(env.NEXTAUTH_URL);
}

/** Where this server reaches itself: PAYDESK_URL, else loopback on the port it serves. */
export function selfOrigin(env: Env = process.env): string {
  return (present(env.PAYDESK_URL) ?? `http://127.0.0.1:${present(env.PORT) ?? "3000"}`).replace(/\/+$/, "");
}

/** The embedded sandbox only when asked for (PAYDESK_SANDBOX=embedded) and no real service is set. */
export function usesEmbeddedSandbox(env: Env = process.env): boolean {
  return present(env.PAYDESK_SANDBOX) === "embedded" && !present(env.PAYMENTS_BASE_URL);
}

/**
 * The service Paydesk talks to. With PAYDESK_SANDBOX=embedded it is the embedded sandbox mounted
 * at /sandbox on this same server, with the demo merchant's keys (embedded-sandbox-keys.ts); otherwise the real service,
 * whose URL and keys must then be set.
 */
export function appServiceConfig(env: Env = process.env): AppServiceConfig {
  if (!usesEmbeddedSandbox(env)) return { mode: "external", ...serviceConfigFromEnv(env) };
  const keys = embeddedSandboxKeys(env);
  return {
    mode: "embedded-sandbox",
    ...serviceConfigFromEnv({
      PAYMENTS_SIGN_STYLE: env.PAYMENTS_SIGN_STYLE,
      PAYMENTS_TIMEOUT_MS: env.PAYMENTS_TIMEOUT_MS,
      PAYMENTS_INVOICE_KEY_PREVIOUS: env.PAYMENTS_INVOICE_KEY_PREVIOUS,
      PAYMENTS_BASE_URL: `${selfOrigin(env)}/sandbox`,
      PAYMENTS_INVOICE_KEY: keys.invoiceKey,
      PAYMENTS_WITHDRAWAL_KEY: keys.withdrawalKey,
    }),
  };
}
