import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";
import type { Db } from "@/lib/db/types";
import { clientKey } from "./client-key";
import { UNVERIFIED_OVERALL, UNVERIFIED_PER_ADDRESS } from "./limits";

/**
 * Rate limit for storing unverified webhook bodies: per client address and overall. On
 * PostgreSQL the counters live in the database (webhook_rate_limits), so every instance shares
 * them; should that table fail, each instance falls back to counting in its own memory. On
 * PGlite (one process) they live in memory.
 */
export interface UnverifiedLimiter {
  /** Counts one unverified body from `address`: 0 when it may be stored, else seconds to wait. */
  admit(address: string): Promise<number>;
}

interface Limit {
  points: number;
  durationSeconds: number;
}

export interface LimiterOptions {
  perAddress?: Limit;
  overall?: Limit;
  /** A node-postgres pool: counters shared by every instance using it. */
  pool?: unknown;
}

export function createUnverifiedLimiter(options: LimiterOptions = {}): UnverifiedLimiter {
  const byAddress = limiterFor(
    "webhook-unverified-address",
    options.perAddress ?? UNVERIFIED_PER_ADDRESS,
    options.pool,
  );
  const all = limiterFor("webhook-unverified-all", options.overall ?? UNVERIFIED_OVERALL, options.pool);
  return {
    async admit(address) {
      return (await waitFor(byAddress, clientKey(address))) || (await waitFor(all, "all"));
    },
  };
}

function limiterFor(keyPrefix: string, limit: Limit, pool: unknown): RateLimiterAbstract {
  const base = { keyPrefix, points: limit.points, duration: limit.durationSeconds };
  const memory = new RateLimiterMemory(base);
  if (!pool) return memory;
  return new RateLimiterPostgres({
    ...base,
    storeClient: pool,
    storeType: "pool",
    tableName: "webhook_rate_limits",
    tableCreated: true, // by the migrations
    insuranceLimiter: memory,
    // Once over the limit, a client is refused from memory until the window ends: a flood
    // costs no database round trip per request.
    inMemoryBlockOnConsumed: limit.points + 1,
  });
}

async function waitFor(limiter: RateLimiterAbstract, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
    throw refusal;
  }
}

const globalKey = Symbol.for("paydesk.webhookUnverifiedLimiter");
type GlobalWithLimiter = typeof globalThis & { [globalKey]?: UnverifiedLimiter };

/** One limiter per process, shared by every module graph Next.js loads. */
export function unverifiedLimiter(db: Db): UnverifiedLimiter {
  const store = globalThis as GlobalWithLimiter;
  store[globalKey] ??= createUnverifiedLimiter({ pool: postgresPoolOf(db) });
  return store[globalKey];
}

/** The node-postgres pool behind a database, or undefined for PGlite. */
export function postgresPoolOf(db: Db): unknown {
  const client = (db as { $client?: { totalCount?: unknown } }).$client;
  return client && typeof client.totalCount === "number" ? client : undefined;
}
