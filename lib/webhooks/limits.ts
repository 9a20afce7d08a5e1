/**
 * What an anonymous sender can make Paydesk keep. Verified webhooks are never limited (the
 * service's retries matter) and are kept whole: the read limit (512 KB) bounds them. Unverified
 * bodies change nothing and are kept only as samples for diagnosing a wrong key or signer.
 */

/** Bytes of an unverified body that are stored (its full size is kept beside them). */
export const UNVERIFIED_BODY_BYTES = 4096;

/** Unverified bodies stored per client address (an IPv6 client: per /64) per window; then 429. */
export const UNVERIFIED_PER_ADDRESS = { points: 20, durationSeconds: 60 };

/** Unverified bodies stored per window across all addresses, per instance; then 429. */
export const UNVERIFIED_OVERALL = { points: 300, durationSeconds: 60 };

/** Unverified events older than this are pruned by the background loop. */
export const UNVERIFIED_RETENTION_DAYS = 7;

/** Beyond this many unverified events, the oldest are pruned whatever their age. */
export const UNVERIFIED_MAX_EVENTS = 10_000;

/** Characters of a body the webhooks page shows. */
export const BODY_PREVIEW_CHARS = 500;
