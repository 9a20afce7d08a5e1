import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import { ROOT_DIR } from "./app-tree";
import { TEST_SSO } from "./test-sso";

/**
 * The secrets the server under test holds, read from the same place it gets them (the Playwright
 * webServer's environment, or the embedded sandbox's documented defaults), and a finder that
 * names whichever of them, or any password hash, a text contains.
 */

export interface Secret {
  name: string;
  value: string;
  /**
   * The one page and caller allowed to see it: the embedded sandbox's keys are shown to admins
   * under Service connection on purpose (they are the stand-in's keys, not the service's).
   */
  shownOn?: { route: string; caller: string };
}

/** Mirrors lib/service/app-config.ts (server-only, so not importable here): the demo merchant's keys. */
const SANDBOX_DEMO_KEYS = { invoice: "sandbox-invoice-key", withdrawal: "sandbox-withdrawal-key" };

export function knownSecrets(config: FullConfig): Secret[] {
  const servers = config.webServer ? [config.webServer] : [];
  const env: Record<string, string | undefined> = Object.assign({}, ...servers.map((s) => s.env ?? {}));
  const sandbox = !env.PAYMENTS_BASE_URL;
  const shownOn = sandbox ? { route: "/admin/service", caller: "admin" } : undefined;
  const candidates: Array<[string, string | undefined, Secret["shownOn"]]> = [
    ["NEXTAUTH_SECRET", env.NEXTAUTH_SECRET ?? process.env.NEXTAUTH_SECRET, undefined],
    ["METRICS_TOKEN", env.METRICS_TOKEN, undefined],
    [
      "invoice key",
      env.PAYMENTS_INVOICE_KEY || env.SANDBOX_INVOICE_KEY || SANDBOX_DEMO_KEYS.invoice,
      shownOn,
    ],
    [
      "withdrawal key",
      env.PAYMENTS_WITHDRAWAL_KEY || env.SANDBOX_WITHDRAWAL_KEY || SANDBOX_DEMO_KEYS.withdrawal,
      shownOn,
    ],
    // The server outside demo mode's single sign-on, built from the same bundle.
    ["OIDC_CLIENT_SECRET", env.OIDC_CLIENT_SECRET ?? TEST_SSO.clientSecret, undefined],
  ];
  const secrets = candidates
    .filter((candidate): candidate is [string, string, Secret["shownOn"]] => Boolean(candidate[1]))
    .map(([name, value, allowed]) => ({ name, value, ...(allowed ? { shownOn: allowed } : {}) }));
  if (!secrets.some((secret) => secret.name === "NEXTAUTH_SECRET")) {
    throw new Error("The webServer of playwright.config.ts sets no NEXTAUTH_SECRET to look for");
  }
  return secrets;
}

/** An argon2 hash in its PHC string form, as lib/auth/password.ts stores them. */
const PASSWORD_HASH = /\$argon2(id|i|d)\$/;

/** Names of the secrets (and "a password hash") found in the text, except where one is shown on purpose. */
export function secretsIn(text: string, secrets: Secret[], on?: { route: string; caller: string }): string[] {
  const found = secrets
    .filter((secret) => !(on && secret.shownOn?.route === on.route && secret.shownOn.caller === on.caller))
    .filter((secret) => text.includes(secret.value))
    .map((secret) => secret.name);
  if (PASSWORD_HASH.test(text)) found.push("a password hash ($argon2…)");
  return found;
}

/** Every file the build serves publicly, under `.next/static`. */
export function staticFiles(): string[] {
  const root = path.join(ROOT_DIR, ".next/static");
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, item.name);
      if (item.isDirectory()) walk(full);
      else files.push(full);
    }
  };
  walk(root);
  return files;
}

export function readStaticFile(file: string): string {
  // latin1 maps every byte to one character, so an ASCII secret is found even in binary files.
  return readFileSync(file, "latin1");
}
