import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestIdOf } from "./observe-requests";

const FORGED = "forged-by-the-client";
let server: Server;
let trustedProxies = 0;

beforeAll(async () => {
  server = createServer((request, response) => response.end(requestIdOf(request, trustedProxies)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function requestIdFor(headers: Record<string, string>): Promise<string> {
  const { port } = server.address() as AddressInfo;
  return (await fetch(`http://127.0.0.1:${port}/`, { headers })).text();
}

describe("a request's id", () => {
  it("is Paydesk's own when no proxy is trusted, whatever the client sent", async () => {
    trustedProxies = 0;
    const id = await requestIdFor({ "x-request-id": FORGED, "x-forwarded-for": "198.51.100.7" });
    expect(id).not.toBe(FORGED);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("is the trusted proxy's, which appended its hop to X-Forwarded-For", async () => {
    trustedProxies = 1;
    expect(await requestIdFor({ "x-request-id": "nginx-abc123", "x-forwarded-for": "198.51.100.7" })).toBe(
      "nginx-abc123",
    );
  });

  it("is Paydesk's own when the request did not come through every trusted proxy", async () => {
    trustedProxies = 1;
    expect(await requestIdFor({ "x-request-id": FORGED })).not.toBe(FORGED);
    trustedProxies = 2;
    expect(await requestIdFor({ "x-request-id": FORGED, "x-forwarded-for": "198.51.100.7" })).not.toBe(
      FORGED,
    );
  });

  it("is Paydesk's own when what the proxy sent is not a plain id", async () => {
    trustedProxies = 1;
    const id = await requestIdFor({
      "x-request-id": "a b\u00e9".repeat(3),
      "x-forwarded-for": "198.51.100.7",
    });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      await requestIdFor({ "x-request-id": "x".repeat(129), "x-forwarded-for": "1.2.3.4" }),
    ).toHaveLength(36);
  });

  it("is Paydesk's own when the TCP peer is on the internet, X-Forwarded-For or not: no proxy of ours is there", () => {
    const from = (remoteAddress: string) =>
      ({
        socket: { remoteAddress },
        headers: { "x-request-id": FORGED, "x-forwarded-for": "198.51.100.7" },
      }) as unknown as IncomingMessage;
    expect(requestIdOf(from("203.0.113.9"), 1)).not.toBe(FORGED);
    expect(requestIdOf(from("2001:db8::9"), 1)).not.toBe(FORGED);
    // Where proxies stand: this host, a private network, a container network.
    for (const proxy of ["127.0.0.1", "::1", "::ffff:10.0.0.2", "172.18.0.3", "192.168.1.4", "fd00::2"])
      expect(requestIdOf(from(proxy), 1)).toBe(FORGED);
  });
});
