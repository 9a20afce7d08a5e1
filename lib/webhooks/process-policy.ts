/**
 * When a verified webhook that has not taken effect is processed again by the sweep
 * (lib/jobs/webhook-sweeper.ts). Processing normally runs right after the 200; the sweep is the
 * safety net for a process that stopped in between and for processing that failed (the service
 * unreachable for the invoice read, a database hiccup).
 *
 * - A pending event is left to the processing after the answer for PROCESS_GRACE_MS.
 * - A failed one is retried after 1, 2, 4 … minutes (at most 60), MAX_PROCESS_ATTEMPTS in all
 *   (about four hours); then it stays failed, shown on the webhooks page, and an admin can
 *   process it again by hand.
 * - A claimed event is left alone by other instances for PROCESS_LEASE_MS.
 */
export const PROCESS_GRACE_MS = 2 * 60_000;
export const PROCESS_LEASE_MS = 5 * 60_000;
export const MAX_PROCESS_ATTEMPTS = 8;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** When to try again after `attempts` failed processings, or null to give up. */
export function nextProcessingAfterFailure(attempts: number, now: Date): Date | null {
  if (attempts >= MAX_PROCESS_ATTEMPTS) return null;
  const wait = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
  return new Date(now.getTime() + wait);
}
