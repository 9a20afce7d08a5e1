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
});
