import type { InvoiceStatus } from "./status";

/**
 * When the background loop looks at an invoice again. Webhooks bring the news; polling is the net
 * for the ones that never arrive. A young invoice is polled every OPEN_INTERVAL (customers pay in
 * the first minutes); an older one every tenth of its age, up to MAX_OPEN_INTERVAL, so that a shop
 * with thousands of long-lived open invoices does not ask the service about each of them twice a
 * minute. Shortly after expiry once more (the service settles it and marks it expired); then,
 * since a payment can still arrive late (and its webhook be lost), slowly for AFTER_EXPIRY_POLLING:
 * every tenth of the time since expiry, between AFTER_EXPIRY_MIN_INTERVAL and
 * AFTER_EXPIRY_MAX_INTERVAL, with a last look when it ends. Paid, overpaid and failed invoices
 * can no longer change: they stop at once.
 */
export const OPEN_INTERVAL_MS = 30_000;
export const MAX_OPEN_INTERVAL_MS = 5 * 60_000;
/** How long past expires_at an invoice that can still change keeps being polled. */
export const AFTER_EXPIRY_POLLING_MS = 3 * 24 * 3_600_000;
export const AFTER_EXPIRY_MIN_INTERVAL_MS = 5 * 60_000;
export const AFTER_EXPIRY_MAX_INTERVAL_MS = 6 * 3_600_000;

/** Nothing more happens to these: an expired or underpaid invoice can still be paid late. */
const SETTLED: readonly InvoiceStatus[] = ["paid", "overpaid", "failed"];

interface PollingState {
  /** The normalised status (lib/invoices/status.ts). */
  status: InvoiceStatus;
  isFinal: boolean;
  expiresAt: Date | null;
}

/** Whether the service may still change what it says about the invoice, so it is worth asking. */
export function mayStillChange({ status, isFinal, expiresAt, now }: PollingState & { now: Date }): boolean {
  if (SETTLED.includes(status)) return false;
  // Polling after expiry needs the expiry to end; without one, a final status stops it, as before.
  if (!expiresAt) return !isFinal;
  return now.getTime() < expiresAt.getTime() + AFTER_EXPIRY_POLLING_MS;
}

export function nextRefreshAt({
  status,
  isFinal,
  expiresAt,
  createdAt,
  now,
}: PollingState & {
  /** When the invoice was created; unknown counts as just now. */
  createdAt: Date | null;
  now: Date;
}): Date | null {
  if (!mayStillChange({ status, isFinal, expiresAt, now })) return null;
  if (expiresAt && now >= expiresAt) return afterExpiry(expiresAt.getTime(), now.getTime());
  const age = createdAt ? Math.max(0, now.getTime() - createdAt.getTime()) : 0;
  const interval = Math.min(MAX_OPEN_INTERVAL_MS, Math.max(OPEN_INTERVAL_MS, age / 10));
  let next = now.getTime() + interval;
  // The status changes at expiry without any payment: look shortly after it, not an interval later.
  if (expiresAt) next = Math.min(next, expiresAt.getTime() + OPEN_INTERVAL_MS);
  return new Date(next);
}

function afterExpiry(expiresAt: number, now: number): Date {
  const interval = Math.min(
    AFTER_EXPIRY_MAX_INTERVAL_MS,
    Math.max(AFTER_EXPIRY_MIN_INTERVAL_MS, (now - expiresAt) / 10),
  );
  return new Date(Math.min(now + interval, expiresAt + AFTER_EXPIRY_POLLING_MS));
}

/** After a failed refresh: back off, up to 10 minutes, so a broken service is not hammered. */
export function retryRefreshAt(failures: number, now: Date): Date {
  const delay = Math.min(10 * 60_000, OPEN_INTERVAL_MS * 2 ** Math.min(failures, 5));
  return new Date(now.getTime() + delay);
}
