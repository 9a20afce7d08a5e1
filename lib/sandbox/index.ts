/**
 * The embedded sandbox of the payment service (docs/service-api.md), as a web-standard
 * `handle(Request): Promise<Response>` so a Next.js catch-all route or server.ts can mount it.
 * Self-contained: imports nothing from the rest of the app.
 */
import "server-only";
import type {
  ResolveHost,
  SandboxContext,
  SandboxDb,
  WebhookDeliveryOptions,
  WebhookTargetPolicy,
} from "./context";
import { migrateSandbox } from "./db/migrate";
import { upsertDemoMerchant } from "./merchants";
import { route } from "./http/router";
import { WebhookWorker } from "./webhooks/worker";
import { sweepExpiredInvoices } from "./invoices/transitions";
import { autoSettleWithdrawals } from "./withdrawals/transitions";
import { resolveWithDns } from "./webhooks/targets";

export { migrateSandbox } from "./db/migrate";
export { isDroppedResponse } from "./http/faulty";
export type { SandboxDb } from "./context";

export interface SandboxOptions {
  db: SandboxDb;
  /** Path prefix of every sandbox route; default "/sandbox". */
  basePath?: string;
  /** Public origin (or base URL) used for pay_url; default: the request's own origin. */
  publicUrl?: string;
  /** Without publicUrl: the origin for this request's pay_url, when the caller may choose it; else the request's. */
  publicOriginOf?: (request: Request) => string | undefined;
  demoMerchant?: { invoiceKey: string; withdrawalKey: string; webhookUrl?: string | null };
  webhookDelivery?: Partial<WebhookDeliveryOptions>;
  /** Refuse webhook targets on private networks (the embedded sandbox); default: any target. */
  webhookTargets?: WebhookTargetPolicy;
  /** How hostnames of webhook targets resolve; default dns.lookup (tests replace it). */
  resolveHost?: ResolveHost;
  /** POST /control/merchants needs a merchant's invoice key; default false (open). */
  merchantCreationNeedsKey?: boolean;
  fetch?: typeof fetch;
  now?: () => Date;
  /** When set, withdrawals move process → check → paid by themselves, one step per this many ms. */
  autoSettleWithdrawalsMs?: number;
  /** Interval of the expiry / settlement sweep; default 1000 ms. */
  sweepIntervalMs?: number;
  /** Run migrations on first use; default true. */
  migrate?: boolean;
}

export interface Sandbox {
  handle(request: Request): Promise<Response>;
  start(): void;
  stop(): Promise<void>;
  /** Resolves once migrations and the demo merchant are in place. */
  ready(): Promise<void>;
}

export function createSandbox(options: SandboxOptions): Sandbox {
  let worker: WebhookWorker | null = null;
  const ctx: SandboxContext = {
    db: options.db,
    basePath: "/" + (options.basePath ?? "/sandbox").replace(/^\/+|\/+$/g, ""),
    publicUrl: options.publicUrl,
    publicOriginOf: options.publicOriginOf,
    now: options.now ?? (() => new Date()),
    fetch: options.fetch ?? ((...args) => fetch(...args)),
    webhook: {
      timeoutMs: options.webhookDelivery?.timeoutMs ?? 10_000,
      baseDelayMs: options.webhookDelivery?.baseDelayMs ?? 5_000,
      maxAttempts: options.webhookDelivery?.maxAttempts ?? 8,
    },
    webhookTargets: options.webhookTargets,
    resolveHost: options.resolveHost ?? resolveWithDns,
    merchantCreationNeedsKey: options.merchantCreationNeedsKey ?? false,
    autoSettleWithdrawalsMs: options.autoSettleWithdrawalsMs,
    notifyWebhooks: () => worker?.wake(0),
  };
  if (ctx.basePath === "/") ctx.basePath = "";

  let readyPromise: Promise<void> | null = null;
  const ready = () =>
    (readyPromise ??= (async () => {
      if (options.migrate !== false) await migrateSandbox(ctx.db);
      if (options.demoMerchant) await upsertDemoMerchant(ctx, options.demoMerchant);
    })().catch((err: unknown) => {
      readyPromise = null;
      throw err;
    }));

  let sweepTimer: NodeJS.Timeout | null = null;
  let sweeping: Promise<void> | null = null;
  const sweep = async () => {
    await sweepExpiredInvoices(ctx);
    if (ctx.autoSettleWithdrawalsMs !== undefined)
      await autoSettleWithdrawals(ctx, ctx.autoSettleWithdrawalsMs);
  };

  return {
    ready,
    async handle(request) {
      await ready();
      return route(ctx, request);
    },
    start() {
      if (worker) return;
      const w = new WebhookWorker(ctx);
      worker = w;
      void ready().then(
        () => w.start(),
        (err: unknown) => console.error("[sandbox] start failed:", err),
      );
      sweepTimer = setInterval(() => {
        if (sweeping || !readyPromise) return;
        sweeping = sweep()
          .catch((err: unknown) => console.error("[sandbox] sweep failed:", err))
          .finally(() => (sweeping = null));
        // the safety net for deliveries queued by another process on the same database
        w.wake(0);
      }, options.sweepIntervalMs ?? 1000);
      sweepTimer.unref?.();
    },
    async stop() {
      if (sweepTimer) clearInterval(sweepTimer);
      sweepTimer = null;
      await sweeping;
      const w = worker;
      worker = null;
      await w?.stop();
    },
  };
}
