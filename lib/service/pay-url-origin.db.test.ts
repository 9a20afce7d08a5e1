/**
 * Which origin the embedded sandbox puts in pay_url when Paydesk creates an invoice through its
 * self-call on loopback: SANDBOX_PUBLIC_URL, else Paydesk's public URL, else the browser's origin;
 * never one an outsider chose.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { handleEmbeddedSandbox, stopEmbeddedSandbox } from "@/lib/sandbox/mount";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { getServiceClient } from "./app-client";
import { sandboxPublicUrl } from "./app-config";
import { embeddedSandboxKeys } from "./embedded-sandbox-keys";
import { PUBLIC_ORIGIN_HEADER, SELF_CALL_HEADER, selfCallToken } from "./self-call";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

beforeEach(() => {
  vi.stubEnv("PAYDESK_SANDBOX", "embedded");
  vi.stubEnv("PAYDESK_DEMO", "1");
  vi.stubEnv("PORT", "3999");
  vi.stubEnv("PAYDESK_URL", "");
  vi.stubEnv("NEXTAUTH_SECRET", "pay-url-test-secret-0123456789");
  vi.stubEnv("NEXTAUTH_URL", "");
  vi.stubEnv("SANDBOX_PUBLIC_URL", "");
  // Paydesk's self-call reaches the mount, as the /sandbox route would hand it over.
  vi.stubGlobal("fetch", (input: string, init?: RequestInit) =>
    handleEmbeddedSandbox(new Request(input, init), {
      getDb: async () => testDb.db,
      webhookUrl: "http://127.0.0.1:3999/api/webhooks/payments",
      demoMerchantKeys: embeddedSandboxKeys(),
      publicUrl: sandboxPublicUrl(),
      selfCallToken: selfCallToken(),
    }),
  );
});
afterEach(async () => {
  await stopEmbeddedSandbox();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const newInvoice = { amount: "25.00", fiatCurrency: "USD" };

async function payUrlCreatedFrom(browserOrigin: string | undefined): Promise<string> {
  const created = await getServiceClient(browserOrigin).createInvoice({
    ...newInvoice,
    orderId: randomUUID(),
  });
  return created.payUrl ?? "";
}

describe("the pay_url of an invoice Paydesk creates in its embedded sandbox", () => {
  it("is on the origin the staff member's browser used, not the loopback self-call", async () => {
    expect(await payUrlCreatedFrom("http://127.0.0.2:3999")).toMatch(
      /^http:\/\/127\.0\.0\.2:3999\/sandbox\/pay\//,
    );
  });

  it("is on Paydesk's configured public URL when there is one", async () => {
    vi.stubEnv("NEXTAUTH_URL", "https://paydesk.example.com");
    expect(await payUrlCreatedFrom("http://127.0.0.2:3999")).toMatch(
      /^https:\/\/paydesk\.example\.com\/sandbox\/pay\//,
    );
  });

  it("is on SANDBOX_PUBLIC_URL above all", async () => {
    vi.stubEnv("NEXTAUTH_URL", "https://paydesk.example.com");
    vi.stubEnv("SANDBOX_PUBLIC_URL", "https://pay.example.net");
    expect(await payUrlCreatedFrom("http://127.0.0.2:3999")).toMatch(
      /^https:\/\/pay\.example\.net\/sandbox\/pay\//,
    );
  });

  it("ignores an origin asked for without Paydesk's token", async () => {
    const { invoiceKey } = embeddedSandboxKeys();
    for (const token of [undefined, "0".repeat(64)]) {
      const response = await fetch("http://127.0.0.1:3999/sandbox/v1/invoices", {
        method: "POST",
        headers: {
          authorization: `Bearer ${invoiceKey}`,
          "content-type": "application/json",
          [PUBLIC_ORIGIN_HEADER]: "https://phishing.example",
          ...(token ? { [SELF_CALL_HEADER]: token } : {}),
        },
        body: JSON.stringify({ amount: "5", fiat_currency: "USD", order_id: randomUUID() }),
      });
      expect(((await response.json()) as { pay_url: string }).pay_url).toMatch(
        /^http:\/\/127\.0\.0\.1:3999\/sandbox\/pay\//,
      );
    }
  });
});
