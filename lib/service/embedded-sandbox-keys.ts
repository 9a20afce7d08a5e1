import "server-only";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { settings } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";

export interface SandboxKeys {
  invoiceKey: string;
  withdrawalKey: string;
}

type Env = Record<string, string | undefined>;

/** The demo merchant's keys README examples use: demo mode only. */
export const PUBLISHED_SANDBOX_KEYS: SandboxKeys = {
  invoiceKey: "sandbox-invoice-key",
  withdrawalKey: "sandbox-withdrawal-key",
};

const SETTING_KEY = "embedded_sandbox_keys";
const present = (value: string | undefined) => (value && value.trim() !== "" ? value : undefined);

/** SANDBOX_INVOICE_KEY and SANDBOX_WITHDRAWAL_KEY, when the operator chose them. */
function chosenKeys(env: Env): Partial<SandboxKeys> {
  return { invoiceKey: present(env.SANDBOX_INVOICE_KEY), withdrawalKey: present(env.SANDBOX_WITHDRAWAL_KEY) };
}

// Kept on globalThis: instrumentation.ts (which loads the keys) and the routes are separate bundles.
const store = globalThis as typeof globalThis & { [key: symbol]: SandboxKeys | undefined };
const storeKey = Symbol.for("paydesk.embeddedSandboxKeys");

/**
 * The embedded sandbox demo merchant's keys, which Paydesk's client uses and the mount hands to the
 * sandbox: SANDBOX_* when set; in demo mode the published keys; otherwise random keys generated
 * once and kept in `settings`, loaded at start by loadEmbeddedSandboxKeys.
 */
export function embeddedSandboxKeys(env: Env = process.env): SandboxKeys {
  const chosen = chosenKeys(env);
  const fallback =
    present(env.PAYDESK_DEMO) && env.PAYDESK_DEMO !== "0" && env.PAYDESK_DEMO !== "false"
      ? PUBLISHED_SANDBOX_KEYS
      : store[storeKey];
  const invoiceKey = chosen.invoiceKey ?? fallback?.invoiceKey;
  const withdrawalKey = chosen.withdrawalKey ?? fallback?.withdrawalKey;
  if (!invoiceKey || !withdrawalKey) {
    throw new Error("The embedded sandbox's keys are not loaded yet (the server loads them at start).");
  }
  return { invoiceKey, withdrawalKey };
}

/** Generates the random keys on first start (several instances agree: the first insert wins) and remembers them. */
export async function loadEmbeddedSandboxKeys(db: Db): Promise<SandboxKeys> {
  const random = (prefix: string) => `${prefix}_${randomBytes(24).toString("base64url")}`;
  const generated: SandboxKeys = { invoiceKey: random("inv"), withdrawalKey: random("wd") };
  await db.insert(settings).values({ key: SETTING_KEY, value: generated }).onConflictDoNothing();
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, SETTING_KEY));
  const keys = row?.value as SandboxKeys;
  store[storeKey] = keys;
  return keys;
}
