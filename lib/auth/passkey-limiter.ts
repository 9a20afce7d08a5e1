import "server-only";
import { RateLimiterRes } from "rate-limiter-flexible";
import type { AttemptVerdict, CounterFactory } from "./login-rate-limit";

/**
 * Passkey sign-in prompts are limited per client address: each one keeps a challenge row, and
 * nobody needs 30 in a quarter of an hour. A signature cannot be guessed, so this guards the
 * database, not the accounts; a successful sign-in gives the address its allowance back.
 */
export const PASSKEY_PROMPT_LIMITS = { points: 30, durationSeconds: 15 * 60 };

export interface PasskeyLimiter {
  attempt(address: string): Promise<AttemptVerdict>;
  succeeded(address: string): Promise<void>;
}

export async function createPasskeyLimiter(
  counters: CounterFactory,
  limits = PASSKEY_PROMPT_LIMITS,
): Promise<PasskeyLimiter> {
  const byAddress = await counters({
    keyPrefix: "passkey-address",
    points: limits.points,
    duration: limits.durationSeconds,
  });
  return {
    async attempt(address) {
      try {
        await byAddress.consume(address);
        return { allowed: true };
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
      }
    },
    async succeeded(address) {
      await byAddress.delete(address);
    },
  };
}
