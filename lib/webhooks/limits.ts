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

/**
 * Bytes of bodies not signed as sent that are parsed per client address (an IPv6 client: per /64)
 * per window, per process; then 429, before the parse. Two of the largest bodies a minute. A body
 * that verifies once parsed is given back, so only what does not verify uses it up.
 */
export const UNVERIFIED_PARSE_PER_ADDRESS = { bytes: 1024 * 1024, durationSeconds: 60 };

/**
 * A 429 is answered this long after it is decided (by the route, once the answer no longer holds
 * back processing): a sender that ignores Retry-After and sends again at once is slowed to one
 * body a second per connection, instead of having each refused body read as fast as it sends.
 */
export const REFUSAL_HOLD_MS = 1_000;

/** Unverified events older than this are pruned by the background loop. */
export const UNVERIFIED_RETENTION_DAYS = 7;

/** Beyond this many unverified events, the oldest are pruned whatever their age. */
export const UNVERIFIED_MAX_EVENTS = 10_000;

/** Characters of a body the webhooks page shows. */
export const BODY_PREVIEW_CHARS = 500;
