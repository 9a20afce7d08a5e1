import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeConnection } from "@/lib/connection/describe";
import { handleEmbeddedSandbox, stopEmbeddedSandbox } from "@/lib/sandbox/mount";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import {
  embeddedSandboxKeys,
  loadEmbeddedSandboxKeys,
  PUBLISHED_SANDBOX_KEYS,
} from "./embedded-sandbox-keys";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await stopEmbeddedSandbox();
  await testDb.close();
});

const outsideDemo = { PAYDESK_SANDBOX: "embedded" };

async function merchantStatus(invoiceKey: string): Promise<number> {
  const request = new Request("http://127.0.0.1:3000/sandbox/control/merchant", {
    headers: { authorization: `Bearer ${invoiceKey}` },
  });
  const response = await handleEmbeddedSandbox(request, {
    getDb: async () => testDb.db,
    webhookUrl: "http://127.0.0.1:3000/api/webhooks/payments",
    demoMerchantKeys: embeddedSandboxKeys(outsideDemo),
  });
  return response.status;
}

describe("the embedded sandbox's keys outside demo mode", () => {
  it("are random, generated once and kept with Paydesk's data", async () => {
    const first = await loadEmbeddedSandboxKeys(testDb.db);
    const again = await loadEmbeddedSandboxKeys(testDb.db);
    expect(again).toEqual(first);
    expect(first.invoiceKey).toMatch(/^inv_[\w-]{32}$/);
    expect(first.withdrawalKey).toMatch(/^wd_[\w-]{32}$/);
    expect(embeddedSandboxKeys(outsideDemo)).toEqual(first);
  });

  it("are what the sandbox accepts: the published keys get 401", async () => {
    const keys = await loadEmbeddedSandboxKeys(testDb.db);
    expect(await merchantStatus(PUBLISHED_SANDBOX_KEYS.invoiceKey)).toBe(401);
    expect(await merchantStatus(keys.invoiceKey)).toBe(200);
  });

  it("are shown on the Service connection page (and the published ones only in demo mode)", async () => {
    const keys = await loadEmbeddedSandboxKeys(testDb.db);
    expect(describeConnection()).toMatchObject({ mode: "embedded-sandbox", sandboxKeys: keys });
    expect(embeddedSandboxKeys({ ...outsideDemo, PAYDESK_DEMO: "1" })).toEqual(PUBLISHED_SANDBOX_KEYS);
  });
});
