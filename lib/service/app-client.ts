import "server-only";
import { dependencyHealth } from "@/lib/health/dependencies";
import { noteServiceCall } from "@/lib/health/service-calls";
import { paydeskMetrics } from "@/lib/metrics/registry";
import { appServiceConfig } from "./app-config";
import { createServiceClient, type ServiceClient } from "./client";
import { embeddedSandboxDirectUrl } from "./embedded-sandbox-direct";
import type { ServiceCallObservation } from "./config";
import { selfCallHeaders } from "./self-call";

/**
 * A client of the payment service (with the browser's origin when a person's request is behind
 * the call: the embedded sandbox builds pay_url from it), configured from the environment (app-config.ts). Made per call
 * on purpose: it is cheap, and a process-wide instance would cross Next.js's bundle layers, whose
 * copies of the error classes differ.
 */
export function getServiceClient(browserOrigin?: string): ServiceClient {
  const config = { ...appServiceConfig(), observe: countServiceCall };
  if (config.mode !== "embedded-sandbox") return createServiceClient(config);
  // A call to this same process: compressing its answer would cost both ends and save nothing.
  // Until the sandbox has started (on its first request), the call goes through /sandbox here.
  return createServiceClient({
    ...config,
    baseUrl: embeddedSandboxDirectUrl() ?? config.baseUrl,
    extraHeaders: { ...selfCallHeaders(browserOrigin), "accept-encoding": "identity" },
  });
}

function countServiceCall({ endpoint, outcome, seconds }: ServiceCallObservation) {
  const metrics = paydeskMetrics();
  metrics.serviceCalls.inc({ endpoint, outcome });
  metrics.serviceCallSeconds.observe({ endpoint }, seconds);
  noteServiceCall(dependencyHealth().service, endpoint, outcome);
}
