/**
 * Whether this process is shutting down (SIGTERM or SIGINT received): readiness then answers 503
 * so the load balancer stops sending people here, and the webhook receiver refuses new deliveries
 * with 503 (the service sends them again) instead of starting work the closing database would cut
 * short. On globalThis: Next.js loads instrumentation and routes as separate module graphs.
 */
const globalKey = Symbol.for("paydesk.stopping");
type GlobalWithStopping = typeof globalThis & { [globalKey]?: boolean };

export function markStopping(): void {
  (globalThis as GlobalWithStopping)[globalKey] = true;
}

export function isStopping(): boolean {
  return (globalThis as GlobalWithStopping)[globalKey] === true;
}
