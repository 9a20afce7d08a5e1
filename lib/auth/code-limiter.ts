import "server-only";
import { RateLimiterRes } from "rate-limiter-flexible";
import type { AttemptVerdict, CounterFactory } from "./login-rate-limit";

/**
 * Two-factor codes are limited per user like passwords are per email: 5 wrong codes in 15 minutes,
 * then a wait. The point is taken before the code is checked; a right code clears the count.
 */
export const CODE_LIMITS = { points: 5, durationSeconds: 15 * 60 };

export interface CodeLimiter {
  attempt(userId: string): Promise<AttemptVerdict>;
  succeeded(userId: string): Promise<void>;
}

export async function createCodeLimiter(
  counters: CounterFactory,
  limits = CODE_LIMITS,
): Promise<CodeLimiter> {
  const byUser = await counters({
    keyPrefix: "two-factor-user",
    points: limits.points,
    duration: limits.durationSeconds,
  });
  return {
    async attempt(userId) {
      try {
        await byUser.consume(userId);
        return { allowed: true };
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
      }
    },
    async succeeded(userId) {
      await byUser.delete(userId);
    },
  };
}
