/**
 * How the loops that send something again after the service's answer never came (a withdrawal,
 * an invoice creation) space their attempts, and when they stop: 20 attempts, 4 s doubling to
 * 5 minutes between them, about 70 minutes in all. Past that a person takes over.
 */
export const MAX_SEND_ATTEMPTS = 20;

/** The wait before the next attempt, after `attempts` calls whose outcome stayed unknown. */
export function resendDelayMs(attempts: number): number {
  return Math.min(5 * 60_000, 2_000 * 2 ** Math.min(attempts, 8));
}
