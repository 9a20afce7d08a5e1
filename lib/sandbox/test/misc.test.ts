import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestSandbox, type Client } from "./harness";

let client: Client;
let close: () => Promise<void>;

beforeAll(async () => {
  const t = await startTestSandbox({
    demoMerchant: { invoiceKey: "demo-ik", withdrawalKey: "demo-wk" },
    publicUrl: "https://pay.example.test",
  });
  client = t.client;
  close = t.server.close;
});
afterAll(() => close());

describe("sandbox service", () => {
  it("serves an OpenAPI 3.1 document listing exactly the implemented paths", async () => {
    const r = await client.call("GET", "/openapi.json", null);
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe("3.1.0");
    expect(Object.keys(r.body.paths as object).sort()).toEqual([
      "/",
      "/control/balances",
      "/control/balances/{currency}",
      "/control/faults",
      "/control/invoices/{id}/expire",
      "/control/invoices/{id}/payments",
      "/control/merchant",
      "/control/merchants",
      "/control/webhooks",
      "/control/webhooks/{id}/resend",
      "/control/withdrawals/{id}",
      "/control/withdrawals/{id}/status",
      "/openapi.json",
      "/pay/{id}",
      "/pay/{id}/method",
      "/pay/{id}/payments",
      "/v1/invoices",
      "/v1/invoices/{id}",
      "/v1/withdrawals",
    ]);
  });

  it("upserts the demo merchant from the options and builds pay_url from publicUrl", async () => {
    const demo = { id: "", invoiceKey: "demo-ik", withdrawalKey: "demo-wk" };
    const r = await client.createInvoice(demo, { amount: "1", fiat_currency: "USD", order_id: "demo-1" });
    expect(r.status).toBe(200);
    expect(r.body.pay_url).toBe(`https://pay.example.test/sandbox/pay/${String(r.body.id)}`);
  });

  it("answers unknown routes with 404 and wrong methods with 405", async () => {
    expect((await client.call("GET", "/v2/invoices", null)).status).toBe(404);
    expect((await client.call("GET", "/v1/invoices", "demo-ik")).status).toBe(405);
    expect((await client.call("GET", "/control/nothing", "demo-ik")).status).toBe(404);
  });

  it("answers unlisted methods as the document says: 405 with Allow on /v1, 404 elsewhere", async () => {
    const wrong = await client.call("PATCH", "/v1/withdrawals", "demo-wk", {});
    expect(wrong.status).toBe(405);
    expect((await client.call("GET", "/control/merchants", null)).status).toBe(404);
    expect((await client.call("PUT", "/control/faults", "demo-ik", {})).status).toBe(404);
    expect((await client.call("DELETE", "/pay/00000000-0000-4000-8000-000000000000", null)).status).toBe(404);
  });

  it("answers 400 for malformed JSON, 422 for a non-object body and 413 for a body over 2 MB", async () => {
    expect((await client.call("POST", "/v1/invoices", "demo-ik", "{nope")).status).toBe(400);
    expect((await client.call("POST", "/control/faults", "demo-ik", "{nope")).status).toBe(400);
    expect((await client.call("POST", "/v1/invoices", "demo-ik", "[1]")).status).toBe(422);
    const big = JSON.stringify({ additional_data: { x: "a".repeat(2 * 1024 * 1024) } });
    expect((await client.call("POST", "/v1/invoices", "demo-ik", big)).status).toBe(413);
    expect((await client.call("PUT", "/control/merchant", "demo-ik", big)).status).toBe(413);
  });

  it("answers 404, never 500, for an invoice id that is not a UUID, wherever it appears", async () => {
    for (const id of ["nope", "00000000-0000-4000-8000-00000000000g", "x".repeat(36)]) {
      expect((await client.call("GET", `/v1/invoices/${id}`, "demo-ik")).status).toBe(404);
      expect(
        (await client.call("POST", `/control/invoices/${id}/payments`, "demo-ik", { amount: "1" })).status,
      ).toBe(404);
      expect((await client.call("POST", `/control/invoices/${id}/expire`, "demo-ik", {})).status).toBe(404);
    }
  });

  it("needs the invoice key on the control API", async () => {
    expect((await client.call("GET", "/control/balances", "demo-wk")).status).toBe(401);
    expect((await client.call("GET", "/control/balances", null)).status).toBe(401);
    expect((await client.call("PUT", "/control/balances/DOGE", "demo-ik", { amount: "1" })).status).toBe(422);
    expect((await client.call("PUT", "/control/balances/BTC", "demo-ik", { amount: "-1" })).status).toBe(422);
  });
});
