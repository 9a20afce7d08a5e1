import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Invitation } from "./own-server";
import { runDir } from "./server-log";
import { TEST_SSO } from "./test-sso";

export { TEST_SSO };

/**
 * One production start outside demo mode, shared by the specs that need what demo mode turns off:
 * two-factor required (two-factor.spec.ts), passkeys (passkeys.spec.ts) and links from the
 * command line (invitations.spec.ts). e2e/non-demo-server.setup.ts starts it once per run, after
 * creating everyone from the command line as an operator would; e2e/non-demo-server.teardown.ts
 * stops it. Each spec has people of its own, so what one does (enrolling, a new password) is
 * nobody else's state. PAYDESK_STEP_UP_MINUTES=0 makes every approval ask for a fresh confirmation,
 * so no test waits 10 minutes (lib/auth/step-up.db.test.ts checks the window with a clock).
 */
const PORT = Number(process.env.E2E_PORT ?? 3210) + 7;

export const NON_DEMO = {
  name: "non-demo",
  port: PORT,
  /** Where two-factor.spec.ts opens it, and where the command line's links point. */
  base: `http://127.0.0.1:${PORT}`,
  /**
   * Where passkeys.spec.ts opens it: WebAuthn refuses an IP address as the relying party, and the
   * server listens on 127.0.0.1, which localhost reaches (cookies are per host).
   */
  localBase: `http://localhost:${PORT}`,
  invoiceKey: "non-demo-e2e-invoice-key",
  env: {
    NEXTAUTH_SECRET: "non-demo-e2e-secret-0123456789",
    SANDBOX_INVOICE_KEY: "non-demo-e2e-invoice-key",
    SANDBOX_WITHDRAWAL_KEY: "non-demo-e2e-withdrawal-key",
    PAYDESK_STEP_UP_MINUTES: "0",
    OIDC_ISSUER: TEST_SSO.issuer,
    OIDC_CLIENT_ID: TEST_SSO.clientId,
    OIDC_CLIENT_SECRET: TEST_SSO.clientSecret,
    OIDC_NAME: TEST_SSO.name,
  },
  /** Email → role: each chooses a password through the link the command line printed. */
  people: {
    "tf-admin@example.com": "admin",
    "tf-finance@example.com": "finance",
    "tf-support@example.com": "support",
    "pk-finance@example.com": "finance",
    "pk-support@example.com": "support",
  } as Record<string, string>,
  passwordOf: (email: string) =>
    email.startsWith("pk-")
      ? `${email.split("@")[0]} keeps the lighthouse lit`
      : `${email.split("@")[0]} walks the quiet harbour`,
  /** Left unused: one that expires about a second after it is printed, one for the usual 72 hours. */
  invitations: [
    { email: "short-lived@example.com", role: "viewer", hours: "0.0003" },
    { email: "long-lived@example.com", role: "viewer" },
    // Signs in with single sign-on only (single-sign-on.spec.ts).
    { email: "sso-support@example.com", role: "support" },
  ],
};

export interface NonDemoServer {
  passwords: Record<string, string>;
  invitations: Record<string, Invitation>;
  pid: number;
  /** The test OpenID provider's process group. */
  ssoPid: number;
  dataDir: string;
}

export const nonDemoServerFile = () => path.join(runDir(), "non-demo-server.json");

/** The running server's facts, as the setup project left them. */
export function nonDemoServer(): NonDemoServer {
  const file = nonDemoServerFile();
  if (!existsSync(file)) {
    throw new Error(
      `no server outside demo mode in this run (${file}): run this spec with its setup project, not --no-deps`,
    );
  }
  return JSON.parse(readFileSync(file, "utf8")) as NonDemoServer;
}
