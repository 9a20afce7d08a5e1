import { AsyncLocalStorage } from "node:async_hooks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleEmbeddedSandbox } from "./mount";

afterEach(() => vi.unstubAllEnvs());

const paths = [
  "/sandbox/v1/invoices",
  "/sandbox/openapi.json",
  "/sandbox/pay/abc",
  "/sandbox/control/merchants",
];

async function statusesOf(getDb: () => Promise<never>) {
  const statuses: number[] = [];
  for (const path of paths) {
    const response = await handleEmbeddedSandbox(
      new Request(`http://127.0.0.1:3000${path}`, { method: "POST" }),
      {
        getDb,
        webhookUrl: "http://127.0.0.1:3000/api/webhooks/payments",
        demoMerchantKeys: { invoiceKey: "i", withdrawalKey: "w" },
      },
    );
    statuses.push(response.status);
  }
  return statuses;
}

describe("the sandbox mounted in Paydesk", () => {
  it("answers 404 everywhere when a real service is configured", async () => {
    vi.stubEnv("PAYMENTS_BASE_URL", "https://payments.example.com");
    vi.stubEnv("PAYDESK_SANDBOX", "");
    const getDb = vi.fn();
    expect(await statusesOf(getDb)).toEqual([404, 404, 404, 404]);
    expect(getDb).not.toHaveBeenCalled();
  });

  it("answers 404 everywhere without PAYDESK_SANDBOX=embedded, even with no service configured", async () => {
    vi.stubEnv("PAYMENTS_BASE_URL", "");
    vi.stubEnv("PAYDESK_SANDBOX", "");
    const getDb = vi.fn();
    expect(await statusesOf(getDb)).toEqual([404, 404, 404, 404]);
    expect(getDb).not.toHaveBeenCalled();
  });

  it("starts outside the request that first reached it, when asked to", async () => {
    vi.stubEnv("PAYMENTS_BASE_URL", "");
    vi.stubEnv("PAYDESK_SANDBOX", "embedded");
    const request = new AsyncLocalStorage<{ id: string }>();
    const seen: Array<{ id: string } | undefined> = [];
    const getDb = () => {
      seen.push(request.getStore());
      return Promise.reject(new Error("no database in this test"));
    };
    await request.run({ id: "the first request" }, () =>
      expect(
        handleEmbeddedSandbox(new Request("http://127.0.0.1:3000/sandbox/v1/invoices"), {
          getDb,
          webhookUrl: "http://127.0.0.1:3000/api/webhooks/payments",
          demoMerchantKeys: { invoiceKey: "i", withdrawalKey: "w" },
          detached: (start) => request.exit(start),
        }),
      ).rejects.toThrow("no database"),
    );
    expect(seen).toEqual([undefined]);
  });
});
