/**
 * The sandbox mounted inside Paydesk at /sandbox, when asked for (PAYDESK_SANDBOX=embedded) and
 * no real service is configured. One instance per process, on the app's own database (its tables are
 * prefixed sandbox_), started on first use. The route that mounts it passes the database in, so
 * this module still imports nothing from the app.
 */
import "server-only";
import { timingSafeEqual } from "node:crypto";
import { createSandbox, type Sandbox, type SandboxDb } from "./index";
import { listenForSandbox, type SandboxListener } from "./listener";

export interface MountOptions {
  getDb: () => Promise<SandboxDb>;
  /** Project-level webhook URL of the demo merchant (Paydesk's own receiver). */
  webhookUrl: string;
  /** Origin (or base URL) of pay_url: SANDBOX_PUBLIC_URL, else Paydesk's public URL; unset: see selfCallToken. */
  publicUrl?: string;
  /**
   * Without publicUrl, a request carrying this token in x-paydesk-self-call (Paydesk's own client)
   * gets pay_url on the origin in x-paydesk-public-origin (the staff member's browser's); any other
   * request gets its own origin.
   */
  selfCallToken?: string;
  /** The demo merchant's keys: Paydesk chooses them (published ones only in demo mode). */
  demoMerchantKeys: { invoiceKey: string; withdrawalKey: string };
  /**
   * Also serve the sandbox on a loopback port of its own, for Paydesk's calls to it: HTTP still,
   * without the web framework's routing, which cost more than the sandbox's own work. Requests
   * there reach the sandbox with `selfOrigin` as their origin, as through /sandbox on Paydesk.
   * `onListening` is told the base URL there, and undefined once the sandbox stops.
   */
  direct?: { selfOrigin: string; onListening: (baseUrl: string | undefined) => void };
  /**
   * Runs the sandbox's start outside the request that first reached it (Paydesk passes
   * withoutRequestContext): its timers and worker live on, and their log lines must not carry that
   * request's id.
   */
  detached?: <T>(start: () => T) => T;
}

const present = (value: string | undefined) => (value && value.trim() !== "" ? value : undefined);

/** On only when asked for: PAYDESK_SANDBOX=embedded, and no real service configured. */
export function embeddedSandboxEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return present(env.PAYDESK_SANDBOX) === "embedded" && !present(env.PAYMENTS_BASE_URL);
}

/** A running embedded sandbox: stop() stops its direct port (if any), then the sandbox. */
interface Mounted {
  sandbox: Sandbox;
  stop(): Promise<void>;
}

const BASE_PATH = "/sandbox";

const globalKey = Symbol.for("paydesk.embeddedSandbox");
type GlobalWithSandbox = typeof globalThis & { [globalKey]?: Promise<Mounted> };

export async function handleEmbeddedSandbox(request: Request, options: MountOptions): Promise<Response> {
  if (!embeddedSandboxEnabled()) {
    return new Response("Not found: the embedded sandbox is off (PAYDESK_SANDBOX is not `embedded`).", {
      status: 404,
    });
  }
  const store = globalThis as GlobalWithSandbox;
  const detached = options.detached ?? ((start) => start());
  store[globalKey] ??= detached(() => startEmbeddedSandbox(options)).catch((error) => {
    delete store[globalKey];
    throw error;
  });
  return (await store[globalKey]).sandbox.handle(request);
}

/** Stops the mounted sandbox's direct port, worker and sweep (tests, before closing its database). */
export async function stopEmbeddedSandbox(): Promise<void> {
  const store = globalThis as GlobalWithSandbox;
  const running = store[globalKey];
  delete store[globalKey];
  await (await running?.catch(() => undefined))?.stop();
}

/** The browser origin Paydesk's own client asks for, or undefined for anyone else. */
export function trustedPublicOrigin(request: Request, token: string | undefined): string | undefined {
  const presented = request.headers.get("x-paydesk-self-call");
  if (!token || !presented) return undefined;
  const [a, b] = [Buffer.from(presented), Buffer.from(token)];
  if (a.length !== b.length || !timingSafeEqual(a, b)) return undefined;
  try {
    const url = new URL(request.headers.get("x-paydesk-public-origin") ?? "");
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

async function startEmbeddedSandbox(options: MountOptions): Promise<Mounted> {
  const { getDb, webhookUrl, demoMerchantKeys, publicUrl, selfCallToken, direct } = options;
  const env = process.env;
  const autoSettleMs = Number(present(env.SANDBOX_AUTO_SETTLE_MS) ?? NaN);
  const demoWebhookUrl = present(env.SANDBOX_WEBHOOK_URL) ?? webhookUrl;
  const sandbox = createSandbox({
    db: await getDb(),
    basePath: BASE_PATH,
    publicUrl,
    publicOriginOf: (request) => trustedPublicOrigin(request, selfCallToken),
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
  const listener = direct ? await openDirectPort(sandbox, direct) : undefined;
  return {
    sandbox,
    stop: async () => {
      direct?.onListening(undefined);
      await listener?.close();
      await sandbox.stop();
    },
  };
}

/**
 * The direct port, or undefined if it cannot be opened: Paydesk's calls then keep going through
 * /sandbox, slower but the same.
 */
async function openDirectPort(
  sandbox: Sandbox,
  direct: NonNullable<MountOptions["direct"]>,
): Promise<SandboxListener | undefined> {
  try {
    const listener = await listenForSandbox(sandbox, {
      requestOrigin: direct.selfOrigin,
      keepsProcessAlive: false,
    });
    direct.onListening(`${listener.origin}${BASE_PATH}`);
    return listener;
  } catch (error) {
    console.warn("[sandbox] no direct port; Paydesk's calls go through /sandbox:", error);
    return undefined;
  }
}
