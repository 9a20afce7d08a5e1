/**
 * The request schemas are as lenient as the sandbox, no more: each body below is judged the same
 * way by the document (openapi-backend's request validator) and by the sandbox (200 or 422).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderId, startTestSandbox, VALID_ADDRESSES, type Client, type Json, type Merchant } from "./harness";
import { OpenApiResponseValidator } from "./openapi-validator";

let client: Client;
let close: () => Promise<void>;
let m: Merchant;
let validator: OpenApiResponseValidator;

beforeAll(async () => {
  const t = await startTestSandbox();
  client = t.client;
  close = t.server.close;
  m = await client.merchant();
  validator = await OpenApiResponseValidator.create();
});
afterAll(() => close());

const invoice = (extra: Json): Json => ({
  amount: "10",
  fiat_currency: "USD",
  order_id: orderId(),
  ...extra,
});

async function agree(path: string, body: Json, send: () => Promise<{ status: number; text: string }>) {
  const problems = validator.requestProblems("POST", path, body);
  const { status, text } = await send();
  expect({ body, status, schemaAccepts: problems.length === 0 }).toEqual({
    body,
    status: problems.length === 0 ? 200 : 422,
    schemaAccepts: status === 200,
  });
  return text;
}

describe("lenient inputs in the OpenAPI document", () => {
  it("invoices: amounts as strings or numbers, booleans as 1/0, null and empty strings as absent", async () => {
    const bodies: Json[] = [
      invoice({ amount: 10 }),
      invoice({ amount: 10.5, is_payment_multiple: "0", lifetime: "600", accuracy_payment_percent: 1.5 }),
      invoice({ is_payment_multiple: 1, lifetime: 300, accuracy_payment_percent: "0.5" }),
      invoice({ webhook_url: "", return_url: null, success_url: "", currency: "", network: null }),
      invoice({
        lifetime: null,
        accuracy_payment_percent: "",
        is_payment_multiple: null,
        additional_data: null,
      }),
      invoice({ currency: "USDT", network: "TRON", additional_data: [] }),
      // refused by both
      invoice({ amount: "1,5" }),
      invoice({ amount: "0" }),
      invoice({ amount: "1.123456789" }),
      invoice({ is_payment_multiple: "yes" }),
      invoice({ is_payment_multiple: "" }),
      invoice({ lifetime: "5m" }),
      invoice({ lifetime: 100 }),
      invoice({ webhook_url: "ftp://example.com/hook" }),
      invoice({ additional_data: "" }),
      invoice({ order_id: "a b" }),
      invoice({ currency: "DOGE", network: "TRON" }),
    ];
    for (const body of bodies) await agree("/v1/invoices", body, () => client.createInvoice(m, body));
  });

  it("faults and withdrawals take the same lenient values", async () => {
    const faults: Json[] = [
      { latency_ms: "0", error_rate: "0", drop_after_commit_rate: 0, duplicate_webhooks: "0" },
      { reorder_webhooks: null, reorder_delay_ms: "", latency_ms: null, error_rate: "" },
      { duplicate_webhooks: "", error_rate: 2 },
    ];
    for (const body of faults)
      await agree("/control/faults", body, () => client.call("POST", "/control/faults", m.invoiceKey, body));
    await client.call("DELETE", "/control/faults", m.invoiceKey);

    await client.setBalance(m, "USDT", "100");
    const base = { currency: "USDT", network: "TRON", address: VALID_ADDRESSES.TRON };
    const withdrawals: Json[] = [
      { ...base, amount: 5, is_subtract: "1", fiat_amount: null, fiat_currency: "", order_id: orderId("wd") },
      {
        ...base,
        fiat_amount: "2",
        fiat_currency: "EUR",
        amount: "",
        is_subtract: 0,
        order_id: orderId("wd"),
      },
      { ...base, amount: "5", is_subtract: null, order_id: orderId("wd") },
    ];
    for (const payload of withdrawals)
      await agree("/v1/withdrawals", { ...payload, sign: "x".repeat(64) }, () => client.withdraw(m, payload));
  });
});
