/**
 * The sandbox mounted inside Paydesk at /sandbox, when asked for (PAYDESK_SANDBOX=embedded) and
 * no real service is configured. One instance per process, on the app's own database (its tables are
 * prefixed sandbox_), started on first use. The route that mounts it passes the database in, so
 * this module still imports nothing from the app.
 */
import "server-only";
import { createSandbox, type Sandbox, type SandboxDb } from "./index";

export interface MountOptions {
  getDb: () => Promise<SandboxDb>;
  /** Project-level webhook URL of the demo merchant (Paydesk's own receiver). */
  webhookUrl: string;
  /** The demo merchant's keys: Paydesk chooses them (published ones only in demo mode). */
  demoMerchantKeys: { invoiceKey: string; withdrawalKey: string };
}

const present = (value: string | undefined) => (value && value.trim() !== "" ? value : undefined);

/** On only when asked for: PAYDESK_SANDBOX=embedded, and no real service configured. */
export function embeddedSandboxEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return present(env.PAYDESK_SANDBOX) === "embedded" && !present(env.PAYMENTS_BASE_URL);
}

const globalKey = Symbol.for("paydesk.embeddedSandbox");
type GlobalWithSandbox = typeof globalThis & { [globalKey]?: Promise<Sandbox> };

export async function handleEmbeddedSandbox(request: Request, options: MountOptions): Promise<Response> {
  if (!embeddedSandboxEnabled()) {
    return new Response("Not found: the embedded sandbox is off (PAYDESK_SANDBOX is not `embedded`).", {
      status: 404,
    });
  }
  const store = globalThis as GlobalWithSandbox;
  store[globalKey] ??= startEmbeddedSandbox(options).catch((error) => {
    delete store[globalKey];
    throw error;
  });
  return (await store[globalKey]).handle(request);
}

/** Stops the mounted sandbox's worker and sweep (tests, before closing its database). */
export async function stopEmbeddedSandbox(): Promise<void> {
  const store = globalThis as GlobalWithSandbox;
  const running = store[globalKey];
  delete store[globalKey];
  await (await running?.catch(() => undefined))?.stop();
}

async function startEmbeddedSandbox({ getDb, webhookUrl, demoMerchantKeys }: MountOptions): Promise<Sandbox> {
  const env = process.env;
  const autoSettleMs = Number(present(env.SANDBOX_AUTO_SETTLE_MS) ?? NaN);
  const demoWebhookUrl = present(env.SANDBOX_WEBHOOK_URL) ?? webhookUrl;
  const sandbox = createSandbox({
    db: await getDb(),
    basePath: "/sandbox",
    publicUrl: present(env.SANDBOX_PUBLIC_URL),
    demoMerchant: {
      ...demoMerchantKeys,
      webhookUrl: demoWebhookUrl,
    },
    // Reachable by whoever reaches Paydesk: no anonymous merchants, no webhooks into our network.
    merchantCreationNeedsKey: true,
    webhookTargets: { publicOnly: true, allowedUrls: [demoWebhookUrl] },
    autoSettleWithdrawalsMs: Number.isFinite(autoSettleMs) ? autoSettleMs : undefined,
  });
  await sandbox.ready();
  sandbox.start();
  return sandbox;
}
