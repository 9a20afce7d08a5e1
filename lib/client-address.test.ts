import { describe, expect, it } from "vitest";
import { clientAddress, PEER_ADDRESS_HEADER } from "./client-address";

const request = (peer: string, forwardedFor?: string) =>
  new Headers({ [PEER_ADDRESS_HEADER]: peer, ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) });

describe("the client's address", () => {
  it("is the TCP peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddress(request("203.0.113.7", "1.2.3.4"), 0)).toBe("203.0.113.7");
    expect(clientAddress(request("::ffff:203.0.113.7"), 0)).toBe("203.0.113.7");
  });

  it("is the right-most hop our proxies did not append", () => {
    // The client wrote 6.6.6.6 itself; proxy 1 appended the client, proxy 2 appended proxy 1.
    expect(clientAddress(request("10.0.0.2", "6.6.6.6, 198.51.100.9, 10.0.0.1"), 2)).toBe("198.51.100.9");
    expect(clientAddress(request("10.0.0.1", "6.6.6.6, 198.51.100.9"), 1)).toBe("198.51.100.9");
  });

  it("falls back to the peer when the request did not come through every proxy, or a hop is not an address", () => {
    expect(clientAddress(request("198.51.100.9"), 1)).toBe("198.51.100.9");
    expect(clientAddress(request("10.0.0.1", "not-an-ip"), 1)).toBe("10.0.0.1");
    expect(clientAddress(new Headers(), 0)).toBe("unknown");
  });
});
