import "server-only";
import { appServiceConfig } from "./app-config";
import { createServiceClient, type ServiceClient } from "./client";

/**
 * A client of the payment service, configured from the environment (app-config.ts). Made per call
 * on purpose: it is cheap, and a process-wide instance would cross Next.js's bundle layers, whose
 * copies of the error classes differ.
 */
export function getServiceClient(): ServiceClient {
  return createServiceClient(appServiceConfig());
}
