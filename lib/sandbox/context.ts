/** The shared runtime context passed to every sandbox module. */
import type { PgDatabase } from "drizzle-orm/pg-core";
import type { MerchantRow } from "./db/schema";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SandboxDb = PgDatabase<any, any, any>;

export interface WebhookDeliveryOptions {
  /** Per-attempt timeout; default 10 000 ms. */
  timeoutMs: number;
  /** First retry delay; the n-th retry waits baseDelayMs × 2^(n-1). Default 5 000 ms. */
  baseDelayMs: number;
  /** Attempts before a delivery is marked failed; default 8. */
  maxAttempts: number;
}

export interface WebhookTargetPolicy {
  /** Refuse targets that are not public unicast addresses. */
  publicOnly: boolean;
  /** Exact URLs allowed whatever their address (the demo merchant's own receiver). */
  allowedUrls: string[];
}

/** Every address a hostname resolves to. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export interface SandboxContext {
  db: SandboxDb;
  basePath: string;
  publicUrl?: string;
  /** The public origin a trusted caller asks for, for this request's pay_url (mount.ts). */
  publicOriginOf?: (request: Request) => string | undefined;
  now: () => Date;
  fetch: typeof fetch;
  webhook: WebhookDeliveryOptions;
  /** Unset: any http(s) target (the standalone sandbox on a developer's machine). */
  webhookTargets?: WebhookTargetPolicy;
  resolveHost: ResolveHost;
  /** Unset: POST /control/merchants needs no key (the standalone sandbox). */
  merchantCreationNeedsKey: boolean;
  autoSettleWithdrawalsMs?: number;
  /** Wakes the webhook worker after new deliveries are committed. */
  notifyWebhooks: () => void;
}

export interface RequestScope {
  ctx: SandboxContext;
  request: Request;
  /** Path segments after basePath. */
  segments: string[];
  url: URL;
}

export type Merchant = MerchantRow;

export const unixSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

export function payUrl(ctx: SandboxContext, request: Request, invoiceId: string): string {
  let base = (ctx.publicUrl ?? ctx.publicOriginOf?.(request) ?? new URL(request.url).origin).replace(
    /\/+$/,
    "",
  );
  if (!base.endsWith(ctx.basePath)) base += ctx.basePath;
  return `${base}/pay/${invoiceId}`;
}
