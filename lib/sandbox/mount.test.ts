import { afterEach, describe, expect, it, vi } from "vitest";
import { handleEmbeddedSandbox } from "./mount";

afterEach(() => vi.unstubAllEnvs());

describe("the sandbox mounted in Paydesk", () => {
  it("answers 404 everywhere when a real service is configured", async () => {
    vi.stubEnv("PAYMENTS_BASE_URL", "https://payments.example.com");
    const getDb = vi.fn();
    for (const path of [
      "/sandbox/v1/invoices",
      "/sandbox/openapi.json",
      "/sandbox/pay/abc",
      "/sandbox/control/merchants",
    ]) {
      const response = await handleEmbeddedSandbox(
        new Request(`http://127.0.0.1:3000${path}`, { method: "POST" }),
        {
          getDb,
          webhookUrl: "http://127.0.0.1:3000/api/webhooks/payments",
        },
      );
      expect(response.status).toBe(404);
    }
    expect(getDb).not.toHaveBeenCalled();
  });
});
