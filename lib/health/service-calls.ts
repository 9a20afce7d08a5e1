import type { HealthState } from "./health-state";

/** How a call to the payment service ended (lib/service's ServiceCallObservation). */
export type ServiceCallOutcome = "ok" | "refused" | "rate limited" | "unavailable" | "unexpected";

/**
 * A call the service answered (even with a refusal: it is up and said no) is the service working;
 * one with no usable answer (unavailable: no connection, a timeout, a 5xx; unexpected: an answer
 * it should not give) is a failure. Rate limiting says neither: the service is up and busy.
 */
export function noteServiceCall(
  health: Pick<HealthState, "failure" | "success">,
  endpoint: string,
  outcome: ServiceCallOutcome,
): void {
  if (outcome === "ok" || outcome === "refused") health.success();
  else if (outcome === "unavailable")
    health.failure(`${endpoint}: no usable answer (no connection, a timeout or a 5xx)`);
  else if (outcome === "unexpected") health.failure(`${endpoint}: an answer Paydesk cannot read`);
}
