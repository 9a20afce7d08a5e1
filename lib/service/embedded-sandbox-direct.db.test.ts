/**
 * Paydesk's calls to its embedded sandbox, once it has started, go to the sandbox's own loopback
 * port over real HTTP (not through /sandbox on Paydesk), and read as they would there.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { handleEmbeddedSandbox, stopEmbeddedSandbox } from "@/lib/sandbox/mount";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { getServiceClient } from "./app-client";
import { selfOrigin } from "./app-config";
import { embeddedSandboxDirectUrl, setEmbeddedSandboxDirectUrl } from "./embedded-sandbox-direct";
import { embeddedSandboxKeys } from "./embedded-sandbox-keys";
import { selfCallToken } from "./self-call";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

/** The requests that reached /sandbox on "this server" (Paydesk's port, which nothing serves here). */
let throughPaydesk: string[];

beforeEach(() => {
  vi.stubEnv("PAYDESK_SANDBOX", "embedded");
  vi.stubEnv("PAYDESK_DEMO", "1");
  vi.stubEnv("PORT", "3998");
  vi.stubEnv("PAYDESK_URL", "");
  vi.stubEnv("NEXTAUTH_SECRET", "direct-port-test-secret-0123456789");
  vi.stubEnv("NEXTAUTH_URL", "");
  vi.stubEnv("SANDBOX_PUBLIC_URL", "");
  throughPaydesk = [];
  const realFetch = globalThis.fetch;
  // Paydesk's port hands a request to the mount, as the /sandbox route does; any other goes out.
  vi.stubGlobal("fetch", (input: string, init?: RequestInit) => {
    if (!input.startsWith(selfOrigin())) return realFetch(input, init);
    throughPaydesk.push(new URL(input).pathname);
    return handleEmbeddedSandbox(new Request(input, init), {
      getDb: async () => testDb.db,
      webhookUrl: `${selfOrigin()}/api/webhooks/payments`,
      demoMerchantKeys: embeddedSandboxKeys(),
      selfCallToken: selfCallToken(),
      direct: { selfOrigin: selfOrigin(), onListening: setEmbeddedSandboxDirectUrl },
    });
  });
});
afterEach(async () => {
  await stopEmbeddedSandbox();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

const newInvoice = () => ({ amount: "25.00", fiatCurrency: "USD", orderId: randomUUID() });

describe("the embedded sandbox's direct port", () => {
  it("takes Paydesk's calls once the sandbox has started, and gives the same answers", async () => {
    expect(embeddedSandboxDirectUrl()).toBeUndefined();
    const first = await getServiceClient().createInvoice(newInvoice());
    expect(throughPaydesk).toEqual(["/sandbox/v1/invoices"]);
    expect(embeddedSandboxDirectUrl()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sandbox$/);

    const read = await getServiceClient().getInvoice(first.id);
    const second = await getServiceClient("http://127.0.0.2:3998").createInvoice(newInvoice());
    expect(throughPaydesk).toEqual(["/sandbox/v1/invoices"]);
    expect(read).toMatchObject({ id: first.id, status: "pending", payUrl: first.payUrl });
    // pay_url reads as through Paydesk's own port: the self origin, or the browser's with the token.
    expect(first.payUrl).toMatch(/^http:\/\/127\.0\.0\.1:3998\/sandbox\/pay\//);
    expect(second.payUrl).toMatch(/^http:\/\/127\.0\.0\.2:3998\/sandbox\/pay\//);
  });

  it("closes with the sandbox, and calls go through Paydesk again", async () => {
    await getServiceClient().createInvoice(newInvoice());
    const direct = embeddedSandboxDirectUrl() ?? "";
    await stopEmbeddedSandbox();
    expect(embeddedSandboxDirectUrl()).toBeUndefined();
    await expect(fetch(`${direct}/v1/invoices/x`)).rejects.toThrow();
    await getServiceClient().createInvoice(newInvoice());
    expect(throughPaydesk).toEqual(["/sandbox/v1/invoices", "/sandbox/v1/invoices"]);
  });
});
