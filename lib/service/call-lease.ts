import type { ServiceClient } from "./client";

/** Time a lease leaves beyond the call itself (scheduling, the database write after the answer). */
const LEASE_MARGIN_MS = 30_000;

/**
 * How long a row claimed for a call to the service stays claimed: the client's whole call budget
 * (every attempt timing out, and the waits between them) plus a margin, so a call still in flight
 * is never taken over by another claimer, however the timeout is configured.
 */
export function leaseCoveringCall(client: Pick<ServiceClient, "callBudgetMs">): number {
  return client.callBudgetMs + LEASE_MARGIN_MS;
}
