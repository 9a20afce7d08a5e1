/**
 * Injected faults, per merchant, applied to /v1 calls and webhook deliveries. Rates are
 * probabilities drawn with Math.random() < rate, so 0 never fires and 1 always does.
 */
import { eq, sql } from "drizzle-orm";
import { faults } from "./db/schema";
import type { SandboxDb } from "./context";
import { Fields } from "./validation";
import type { JsonObject } from "./json";
import { validationError } from "./errors";

export interface FaultConfig {
  latency_ms: number;
  error_rate: number;
  drop_after_commit_rate: number;
  duplicate_webhooks: boolean;
  reorder_webhooks: boolean;
  /** How long every other delivery is held back while reorder_webhooks is on. */
  reorder_delay_ms: number;
}

export const NO_FAULTS: FaultConfig = {
  latency_ms: 0,
  error_rate: 0,
  drop_after_commit_rate: 0,
  duplicate_webhooks: false,
  reorder_webhooks: false,
  reorder_delay_ms: 300,
};

export function parseFaultConfig(body: JsonObject): FaultConfig {
  const f = new Fields(body);
  const config: FaultConfig = {
    latency_ms: f.integer("latency_ms", { min: 0, max: 60_000 }) ?? 0,
    error_rate: f.decimal("error_rate", { required: false, min: "0", max: "1" })?.toNumber() ?? 0,
    drop_after_commit_rate:
      f.decimal("drop_after_commit_rate", { required: false, min: "0", max: "1" })?.toNumber() ?? 0,
    duplicate_webhooks: f.boolean("duplicate_webhooks", false) ?? false,
    reorder_webhooks: f.boolean("reorder_webhooks", false) ?? false,
    reorder_delay_ms: f.integer("reorder_delay_ms", { min: 1, max: 60_000 }) ?? NO_FAULTS.reorder_delay_ms,
  };
  if (!f.ok) throw validationError(f.errors);
  return config;
}

export async function getFaults(db: SandboxDb, merchantId: string): Promise<FaultConfig> {
  const [row] = await db.select().from(faults).where(eq(faults.merchantId, merchantId)).limit(1);
  return faultConfigOf(row?.config);
}

/** A stored fault configuration (none: no faults) with today's defaults for what it leaves out. */
export function faultConfigOf(stored: unknown): FaultConfig {
  return stored ? { ...NO_FAULTS, ...(stored as Partial<FaultConfig>) } : NO_FAULTS;
}

export async function setFaults(db: SandboxDb, merchantId: string, config: FaultConfig, at: Date) {
  await db
    .insert(faults)
    .values({ merchantId, config, updatedAt: at })
    .onConflictDoUpdate({ target: faults.merchantId, set: { config, webhookSeq: 0, updatedAt: at } });
}

export async function clearFaults(db: SandboxDb, merchantId: string) {
  await db.delete(faults).where(eq(faults.merchantId, merchantId));
}

/** Next value of the merchant's reorder counter (1, 2, 3, ...). */
export async function nextWebhookSeq(db: SandboxDb, merchantId: string): Promise<number> {
  const [row] = await db
    .update(faults)
    .set({ webhookSeq: sql`${faults.webhookSeq} + 1` })
    .where(eq(faults.merchantId, merchantId))
    .returning({ seq: faults.webhookSeq });
  return row?.seq ?? 1;
}

export const fires = (rate: number) => rate > 0 && Math.random() < rate;
