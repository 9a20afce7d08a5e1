import "server-only";
import { readMailConfig, type MailConfig } from "./mail-config";

/**
 * This process's mail configuration (SMTP_URL, MAIL_FROM, SMTP_TLS_INSECURE), or null when mail
 * is off. The start-up check (lib/env.ts) refuses a configuration it cannot use, so here an
 * unusable one reads as off.
 */
export function appMailConfig(env: Record<string, string | undefined> = process.env): MailConfig | null {
  const result = readMailConfig(env);
  return result.ok ? result.config : null;
}

/** Whether Paydesk may offer anything that sends email. */
export function mailEnabled(): boolean {
  return appMailConfig() !== null;
}
