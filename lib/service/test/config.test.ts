import { callBudgetMs } from "../http";
import { createServiceClient } from "../client";
import { describe, expect, it } from "vitest";
import { ServiceConfigError, serviceConfigFromEnv } from "../config";

const env = {
  PAYMENTS_BASE_URL: "http://127.0.0.1:3000/sandbox",
  PAYMENTS_INVOICE_KEY: "secret-invoice",
  PAYMENTS_WITHDRAWAL_KEY: "secret-withdrawal",
};

describe("serviceConfigFromEnv", () => {
  it("reads the variables with defaults", () => {
    expect(serviceConfigFromEnv(env)).toEqual({
      baseUrl: "http://127.0.0.1:3000/sandbox",
      invoiceKey: "secret-invoice",
      withdrawalKey: "secret-withdrawal",
      signStyle: "php",
      timeoutMs: 10_000,
    });
    expect(
      serviceConfigFromEnv({ ...env, PAYMENTS_SIGN_STYLE: "plain", PAYMENTS_TIMEOUT_MS: "2500" }),
    ).toMatchObject({
      signStyle: "plain",
      timeoutMs: 2500,
    });
  });

  it("reads the previous invoice key, kept to verify webhooks during a rotation", () => {
    expect(serviceConfigFromEnv({ ...env, PAYMENTS_INVOICE_KEY_PREVIOUS: "old" })).toMatchObject({
      invoiceKey: "secret-invoice",
      previousInvoiceKey: "old",
    });
    expect(serviceConfigFromEnv({ ...env, PAYMENTS_INVOICE_KEY_PREVIOUS: " " })).not.toHaveProperty(
      "previousInvoiceKey",
    );
  });

  it("fails with a readable message naming the variables, never the values", () => {
    let error: unknown;
    try {
      serviceConfigFromEnv({
        ...env,
        PAYMENTS_BASE_URL: "ftp://x",
        PAYMENTS_INVOICE_KEY: " ",
        PAYMENTS_SIGN_STYLE: "xml",
        PAYMENTS_TIMEOUT_MS: "-5",
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ServiceConfigError);
    const message = (error as Error).message;
    expect(message).toContain("PAYMENTS_BASE_URL must be an http(s) URL");
    expect(message).toContain("PAYMENTS_INVOICE_KEY is missing");
    expect(message).toContain("PAYMENTS_SIGN_STYLE must be php or plain");
    expect(message).toContain("PAYMENTS_TIMEOUT_MS must be positive");
    expect(message).not.toContain("secret");
    expect(() => serviceConfigFromEnv({})).toThrow(/PAYMENTS_BASE_URL is missing/);
  });

  it("bounds the timeout at one minute, so what is derived from it stays short", () => {
    expect(serviceConfigFromEnv({ ...env, PAYMENTS_TIMEOUT_MS: "60000" }).timeoutMs).toBe(60_000);
    expect(() => serviceConfigFromEnv({ ...env, PAYMENTS_TIMEOUT_MS: "60001" })).toThrow(
      /PAYMENTS_TIMEOUT_MS must be at most 60000/,
    );
  });
});

describe("a call's budget", () => {
  it("is every attempt timing out plus the longest wait between them", () => {
    const policy = { attempts: 4, baseDelayMs: 300, maxDelayMs: 5_000, maxRetryAfterMs: 30_000 };
    expect(callBudgetMs(10_000, policy)).toBe(4 * 10_000 + 3 * 30_000);
    expect(callBudgetMs(2_000, { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 })).toBe(2_000);
  });

  it("is what a client made with that timeout reports", () => {
    const client = createServiceClient({
      baseUrl: "http://127.0.0.1:1",
      invoiceKey: "k1",
      withdrawalKey: "k2",
      timeoutMs: 1_500,
      retry: { attempts: 2, maxDelayMs: 100, maxRetryAfterMs: 0 },
    });
    expect(client.callBudgetMs).toBe(2 * 1_500 + 100);
  });
});
