import "server-only";
import { paydeskMetrics } from "./registry";

/** Counts a sign-in's audited outcome: failures by method, and refusals by the limits. */
export function countSignInOutcome(action: string, method: "password" | "passkey" | "sso"): void {
  const metrics = paydeskMetrics();
  if (action === "auth.sign_in_failed") metrics.signInFailures.inc({ method });
  else if (action === "auth.locked_out") metrics.signInLockouts.inc();
}
