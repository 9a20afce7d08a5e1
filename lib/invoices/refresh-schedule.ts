/**
 * When the background loop looks at an invoice again. Open invoices are refreshed every
 * OPEN_INTERVAL; shortly after expiry once more (the service settles late payments and marks it
 * expired); then never. A final status stops refreshing at once.
 */
export const OPEN_INTERVAL_MS = 30_000;
/** How long past expires_at an invoice that is still not final keeps being polled. */
export const AFTER_EXPIRY_GRACE_MS = 10 * 60_000;

export function nextRefreshAt({
  isFinal,
  expiresAt,
  now,
}: {
  isFinal: boolean;
  expiresAt: Date | null;
  now: Date;
}) {
  if (isFinal) return null;
  if (expiresAt && now.getTime() > expiresAt.getTime() + AFTER_EXPIRY_GRACE_MS) return null;
  return new Date(now.getTime() + OPEN_INTERVAL_MS);
}

/** After a failed refresh: back off, up to 10 minutes, so a broken service is not hammered. */
export function retryRefreshAt(failures: number, now: Date): Date {
  const delay = Math.min(10 * 60_000, OPEN_INTERVAL_MS * 2 ** Math.min(failures, 5));
  return new Date(now.getTime() + delay);
}
