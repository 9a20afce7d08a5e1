import "server-only";
import type { Pool } from "pg";
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";

/**
 * Sign-in attempts are limited per email and per client address. A point is taken from both
 * before the password is checked, so parallel guesses cannot slip past the count; the right
 * password gives the address its point back and clears the email's count. A browser that signed
 * in to the account before (known-browser.ts) is counted on its own instead, so nobody else's
 * failures can lock its owner out. On PostgreSQL the counters live in the database, so every
 * instance sees the same ones; PGlite serves one process, so memory is the same thing there.
 */
export interface LoginLimits {
  perEmail: { points: number; durationSeconds: number };
  perAddress: { points: number; durationSeconds: number };
  perKnownBrowser: { points: number; durationSeconds: number };
}

export const LOGIN_LIMITS: LoginLimits = {
  perEmail: { points: 5, durationSeconds: 15 * 60 },
  perAddress: { points: 30, durationSeconds: 15 * 60 },
  perKnownBrowser: { points: 5, durationSeconds: 15 * 60 },
};

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface LoginLimiter {
  /**
   * Takes this attempt from the email's and the address's allowance, or, from a browser known to
   * this email (its id from knownBrowserId), from that browser's own; or says how long to wait.
   */
  attempt(email: string, address: string, knownBrowser?: string | null): Promise<AttemptVerdict>;
  /**
   * The right password: the address gets its point back and the email starts afresh; from a
   * known browser only that browser's count starts afresh (others' failures keep the email locked
   * for everyone else).
   */
  succeeded(email: string, address: string, knownBrowser?: string | null): Promise<void>;
}

type CounterOptions = { keyPrefix: string; points: number; duration: number };
export type CounterFactory = (options: CounterOptions) => Promise<RateLimiterAbstract>;

export const memoryCounters: CounterFactory = async (options) => new RateLimiterMemory(options);

/** Counters in the table `login_rate_limits`, shared by every instance on the same database. */
export function postgresCounters(pool: Pool): CounterFactory {
  return async (options) =>
    new RateLimiterPostgres({
      ...options,
      storeClient: pool,
      storeType: "pool",
      tableName: "login_rate_limits",
      // The table comes from a migration (lib/db/schema/login-rate-limits.ts), not from the library.
      tableCreated: true,
      clearExpiredByTimeout: true,
    });
}

export async function createLoginLimiter(
  limits: LoginLimits = LOGIN_LIMITS,
  counters: CounterFactory = memoryCounters,
): Promise<LoginLimiter> {
  const [byEmail, byAddress, byKnownBrowser] = await Promise.all([
    counters({
      keyPrefix: "login-email",
      points: limits.perEmail.points,
      duration: limits.perEmail.durationSeconds,
    }),
    counters({
      keyPrefix: "login-address",
      points: limits.perAddress.points,
      duration: limits.perAddress.durationSeconds,
    }),
    counters({
      keyPrefix: "login-browser",
      points: limits.perKnownBrowser.points,
      duration: limits.perKnownBrowser.durationSeconds,
    }),
  ]);

  return {
    async attempt(email, address, knownBrowser) {
      if (knownBrowser) {
        try {
          await byKnownBrowser.consume(knownBrowser);
          return { allowed: true };
        } catch (refusal) {
          return refused(refusal);
        }
      }
      try {
        await byAddress.consume(address);
      } catch (refusal) {
        return refused(refusal);
      }
      try {
        await byEmail.consume(email);
      } catch (refusal) {
        // Refused for the email: this attempt never reaches a password, so the address keeps its point.
        await byAddress.reward(address, 1);
        return refused(refusal);
      }
      return { allowed: true };
    },
    async succeeded(email, address, knownBrowser) {
      if (knownBrowser) await byKnownBrowser.delete(knownBrowser);
      else await Promise.all([byEmail.delete(email), byAddress.reward(address, 1)]);
    },
  };
}

function refused(refusal: unknown): AttemptVerdict {
  if (!(refusal instanceof RateLimiterRes)) throw refusal;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
}

export function describeWait(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "a minute" : `${minutes} minutes`;
}
