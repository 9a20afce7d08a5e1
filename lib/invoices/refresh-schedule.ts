/**
 * When the background loop looks at an invoice again. Webhooks bring the news; polling is the net
 * for the ones that never arrive. A young invoice is polled every OPEN_INTERVAL (customers pay in
 * the first minutes); an older one every tenth of its age, up to MAX_OPEN_INTERVAL, so that a shop
 * with thousands of long-lived open invoices does not ask the service about each of them twice a
 * minute. Shortly after expiry once more (the service settles late payments and marks it expired),
 * for a grace period; then never. A final status stops refreshing at once.
 */
export const OPEN_INTERVAL_MS = 30_000;
export const MAX_OPEN_INTERVAL_MS = 5 * 60_000;
/** How long past expires_at an invoice that is still not final keeps being polled. */
export const AFTER_EXPIRY_GRACE_MS = 10 * 60_000;

export function nextRefreshAt({
  isFinal,
  expiresAt,
  createdAt,
  now,
}: {
  isFinal: boolean;
  expiresAt: Date | null;
  /** When the invoice was created; unknown counts as just now. */
  createdAt: Date | null;
  now: Date;
}) {
  if (isFinal) return null;
  if (expiresAt && now.getTime() > expiresAt.getTime() + AFTER_EXPIRY_GRACE_MS) return null;
  const age = createdAt ? Math.max(0, now.getTime() - createdAt.getTime()) : 0;
  const interval = Math.min(MAX_OPEN_INTERVAL_MS, Math.max(OPEN_INTERVAL_MS, age / 10));
  let next = now.getTime() + interval;
  // The status changes at expiry without any payment: look shortly after it, not an interval later.
  if (expiresAt && now < expiresAt) next = Math.min(next, expiresAt.getTime() + OPEN_INTERVAL_MS);
  return new Date(next);
}

/** After a failed refresh: back off, up to 10 minutes, so a broken service is not hammered. */
export function retryRefreshAt(failures: number, now: Date): Date {
  const delay = Math.min(10 * 60_000, OPEN_INTERVAL_MS * 2 ** Math.min(failures, 5));
  return new Date(now.getTime() + delay);
}
