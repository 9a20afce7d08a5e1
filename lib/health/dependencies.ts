import "server-only";
import { logger } from "@/lib/log/logger";
import { HealthState } from "./health-state";

/**
 * The health of what Paydesk depends on, for this process: the database, the payment service and
 * the SMTP server. Fed where each is used (the database checks, every service call, every try to
 * hand mail over); read by readiness, the metrics and the log. On globalThis: Next.js loads
 * instrumentation and routes as separate module graphs.
 */
export interface DependencyHealth {
  database: HealthState;
  service: HealthState;
  smtp: HealthState;
}

/**
 * Calls in a row that must fail before the payment service counts as failing: one lost call is
 * a blip the retries already covered; three with no success between is an outage.
 */
export const SERVICE_FAILING_AFTER_CALLS = 3;

const globalKey = Symbol.for("paydesk.dependencyHealth");
type GlobalWithHealth = typeof globalThis & { [globalKey]?: DependencyHealth };

export function dependencyHealth(): DependencyHealth {
  const store = globalThis as GlobalWithHealth;
  store[globalKey] ??= createDependencyHealth();
  return store[globalKey];
}

function createDependencyHealth(): DependencyHealth {
  const log = logger();
  return {
    database: new HealthState("database", log, { level: "error" }),
    service: new HealthState("payment service", log, { failAfter: SERVICE_FAILING_AFTER_CALLS }),
    smtp: new HealthState("SMTP", log),
  };
}
