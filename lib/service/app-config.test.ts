import { describe, expect, it } from "vitest";
import { appServiceConfig, selfOrigin } from "./app-config";

describe("which service Paydesk talks to", () => {
  it("uses the embedded sandbox when asked for on this server, with the demo merchant's keys", () => {
    expect(appServiceConfig({ PORT: "3210", PAYDESK_SANDBOX: "embedded", PAYDESK_DEMO: "1" })).toMatchObject({
      mode: "embedded-sandbox",
      baseUrl: "http://127.0.0.1:3210/sandbox",
      invoiceKey: "sandbox-invoice-key",
      withdrawalKey: "sandbox-withdrawal-key",
      signStyle: "php",
    });
  });

  it("follows SANDBOX_* keys and PAYDESK_URL for the embedded sandbox", () => {
    const config = appServiceConfig({
      PAYDESK_SANDBOX: "embedded",
      PAYDESK_URL: "http://10.0.0.5:8080/",
      SANDBOX_INVOICE_KEY: "i",
      SANDBOX_WITHDRAWAL_KEY: "w",
    });
    expect(config).toMatchObject({
      baseUrl: "http://10.0.0.5:8080/sandbox",
      invoiceKey: "i",
      withdrawalKey: "w",
    });
  });

  it("uses the real service when PAYMENTS_BASE_URL is set, and then requires its keys", () => {
    expect(() => appServiceConfig({ PAYMENTS_BASE_URL: "https://pay.example.com" })).toThrow(
      /PAYMENTS_INVOICE_KEY/,
    );
    const config = appServiceConfig({
      PAYMENTS_BASE_URL: "https://pay.example.com",
      PAYMENTS_INVOICE_KEY: "ik",
      PAYMENTS_WITHDRAWAL_KEY: "wk",
      PAYMENTS_SIGN_STYLE: "plain",
    });
    expect(config).toMatchObject({
      mode: "external",
      baseUrl: "https://pay.example.com",
      signStyle: "plain",
    });
  });

  it("reaches itself over loopback on its port unless told otherwise", () => {
    expect(selfOrigin({})).toBe("http://127.0.0.1:3000");
    expect(selfOrigin({ PORT: "4000" })).toBe("http://127.0.0.1:4000");
  });
});
