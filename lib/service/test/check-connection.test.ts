import { describe, expect, it } from "vitest";
import { createServiceClient } from "../client";
import { fakeFetch, type Step } from "@/test-support/fake-fetch";

// The invoice probe (GET) and the withdrawal probe (POST) run together; route by method.
function routed(invoice: Step, withdrawal: Step) {
  const inv = fakeFetch([invoice]);
  const wd = fakeFetch([withdrawal]);
  const fetch = (url: string, init: RequestInit) => (init.method === "GET" ? inv(url, init) : wd(url, init));
  const client = createServiceClient({
    baseUrl: "http://user:pw@svc.test/sandbox?token=abc",
    invoiceKey: "INVKEY",
    withdrawalKey: "WDKEY",
    timeoutMs: 50,
    fetch,
  });
  return { client, inv, wd };
}

describe("checkConnection", () => {
  it("reports both keys accepted without creating anything", async () => {
    const { client, inv, wd } = routed(
      { status: 404, body: '{"message":"Not found."}' },
      { status: 422, body: '{"message":"The order id field is required."}' },
    );
    const report = await client.checkConnection();
    expect(report).toMatchObject({ reachable: true, invoiceKey: "accepted", withdrawalKey: "accepted" });
    expect(report.message).toBe("Connected. The payment service accepted both keys.");
    expect(report.latencyMs).toBeGreaterThanOrEqual(0);
    expect(inv.sent[0]?.headers.Authorization).toBe("Bearer INVKEY");
    expect(wd.sent[0]?.headers.Authorization).toBe("Bearer WDKEY");
    expect(wd.sent[0]?.body).toBe("{}");
    expect(inv.sent).toHaveLength(1);
  });

  it("names a rejected key and never leaks keys or URL credentials", async () => {
    const { client } = routed({ status: 401 }, { status: 422 });
    const report = await client.checkConnection();
    expect(report).toMatchObject({ reachable: true, invoiceKey: "rejected", withdrawalKey: "accepted" });
    expect(report.message).toContain("Invoice key: rejected");
    expect(report.baseUrl).toBe("http://svc.test/sandbox");
    expect(JSON.stringify(report)).not.toMatch(/INVKEY|WDKEY|pw|token/);
  });

  it("reports an unreachable service", async () => {
    const report = await routed({ networkError: true }, { networkError: true }).client.checkConnection();
    expect(report).toMatchObject({
      reachable: false,
      invoiceKey: "unknown",
      withdrawalKey: "unknown",
      latencyMs: null,
    });
    expect(report.message).toContain("could not be reached");
    const slow = await routed({ hang: true }, { hang: true }).client.checkConnection();
    expect(slow.message).toContain("did not answer within");
  });

  it("flags a base URL that is not the service", async () => {
    const report = await routed(
      { status: 404, body: "<html>" },
      { status: 404, body: "<html>" },
    ).client.checkConnection();
    expect(report).toMatchObject({ reachable: true, invoiceKey: "unknown", withdrawalKey: "unknown" });
    expect(report.message).toContain("Check the base URL");
  });

  it("reports server errors as not reachable", async () => {
    const report = await routed({ status: 503 }, { status: 503 }).client.checkConnection();
    expect(report).toMatchObject({ reachable: false, invoiceKey: "unknown" });
    expect(report.message).toContain("internal error (HTTP 503)");
  });
});
