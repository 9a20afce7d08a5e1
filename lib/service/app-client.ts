import "server-only";
import { appServiceConfig } from "./app-config";
import { createServiceClient, type ServiceClient } from "./client";

const globalKey = Symbol.for("paydesk.serviceClient");
type GlobalWithClient = typeof globalThis & { [globalKey]?: ServiceClient };

/** The process's client of the payment service, configured from the environment (app-config.ts). */
export function getServiceClient(): ServiceClient {
  const store = globalThis as GlobalWithClient;
  store[globalKey] ??= createServiceClient(appServiceConfig());
  return store[globalKey];
}
