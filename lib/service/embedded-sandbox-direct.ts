import "server-only";

/**
 * Where this process's embedded sandbox answers on a loopback port of its own (lib/sandbox/mount.ts),
 * once it has started: Paydesk's client calls it there rather than through /sandbox on this same
 * server. The mount (app/sandbox) tells it here; the client, in the route handlers' and the
 * background jobs' module graphs alike, reads it, hence globalThis.
 */
const key = Symbol.for("paydesk.embeddedSandboxDirectUrl");
type GlobalWithDirectUrl = typeof globalThis & { [key]?: string };

export function setEmbeddedSandboxDirectUrl(baseUrl: string | undefined): void {
  const store = globalThis as GlobalWithDirectUrl;
  if (baseUrl) store[key] = baseUrl;
  else delete store[key];
}

export function embeddedSandboxDirectUrl(): string | undefined {
  return (globalThis as GlobalWithDirectUrl)[key];
}
