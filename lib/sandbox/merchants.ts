/** Merchants and their two keys: the invoice key (invoices, signatures, control API) and the withdrawal key. */
import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { faults, merchants } from "./db/schema";
import { faultConfigOf, type FaultConfig } from "./faults";
import type { Merchant, SandboxContext, SandboxDb } from "./context";
import { unauthenticated } from "./errors";

export const DEMO_MERCHANT_ID = "00000000-0000-4000-8000-000000000001";

export type KeyKind = "invoice" | "withdrawal";

export function bearer(request: Request): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
  return m?.[1] ?? null;
}

/** The merchant whose key of the given kind is the request's bearer token, or 401. */
export async function authenticate(ctx: SandboxContext, request: Request, kind: KeyKind): Promise<Merchant> {
  return (await authenticateWithFaults(ctx, request, kind)).merchant;
}

/** authenticate, and the merchant's injected faults read in the same query (every /v1 call needs both). */
export async function authenticateWithFaults(
  ctx: SandboxContext,
  request: Request,
  kind: KeyKind,
): Promise<{ merchant: Merchant; faults: FaultConfig }> {
  const key = bearer(request);
  if (!key) throw unauthenticated();
  const column = kind === "invoice" ? merchants.invoiceKey : merchants.withdrawalKey;
  const [row] = await ctx.db
    .select({ merchant: merchants, faults: faults.config })
    .from(merchants)
    .leftJoin(faults, eq(faults.merchantId, merchants.id))
    .where(eq(column, key))
    .limit(1);
  if (!row) throw unauthenticated();
  return { merchant: row.merchant, faults: faultConfigOf(row.faults) };
}

export async function createMerchant(ctx: SandboxContext, webhookUrl: string | null): Promise<Merchant> {
  const key = () => randomBytes(24).toString("base64url");
  const [row] = await ctx.db
    .insert(merchants)
    .values({
      id: randomUUID(),
      invoiceKey: `inv_${key()}`,
      withdrawalKey: `wd_${key()}`,
      webhookUrl,
      createdAt: ctx.now(),
    })
    .returning();
  if (!row) throw new Error("merchant insert returned nothing");
  return row;
}

export async function setMerchantWebhookUrl(db: SandboxDb, merchantId: string, webhookUrl: string | null) {
  await db.update(merchants).set({ webhookUrl }).where(eq(merchants.id, merchantId));
}

/** The demo merchant's keys and webhook URL follow the options on every start; its data stays. */
export async function upsertDemoMerchant(
  ctx: SandboxContext,
  demo: { invoiceKey: string; withdrawalKey: string; webhookUrl?: string | null },
): Promise<void> {
  const values = {
    invoiceKey: demo.invoiceKey,
    withdrawalKey: demo.withdrawalKey,
    webhookUrl: demo.webhookUrl ?? null,
  };
  await ctx.db
    .insert(merchants)
    .values({ id: DEMO_MERCHANT_ID, isDemo: true, createdAt: ctx.now(), ...values })
    .onConflictDoUpdate({ target: merchants.id, set: values });
}
