import { describe, expect, it } from "vitest";
import { createServiceClient } from "../client";
import type { ServiceClientConfig } from "../config";
import {
  InsufficientFunds,
  NotFound,
  RateLimited,
  Unauthorized,
  Unavailable,
  UnexpectedResponse,
  ValidationFailed,
} from "../errors";
import { canonicalJson, signPayload } from "../signature";
import { fakeFetch, type Step } from "@/test-support/fake-fetch";

const INVOICE_KEY = "inv-key";
const WITHDRAWAL_KEY = "wd-key";
const invoiceJson = '{"id":"i-1","amount":10.5,"fiat_currency":"USD","created_at":1700000000}';
const withdrawalJson =
  '{"id":"w-1","amount":"0.5","address":"T/addr","additional_data":null,"created_at":1,"update_at":2}';

function setup(steps: Step[], extra: Partial<ServiceClientConfig> = {}) {
  const fetch = fakeFetch(steps);
  const sleeps: number[] = [];
  const client = createServiceClient({
    baseUrl: "http://svc.test/sandbox/",
    invoiceKey: INVOICE_KEY,
    withdrawalKey: WITHDRAWAL_KEY,
    timeoutMs: 50,
    retry: { attempts: 4, baseDelayMs: 10, maxDelayMs: 40, maxRetryAfterMs: 5000 },
    fetch,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    ...extra,
  });
  return { client, fetch, sleeps };
}

const invoiceInput = {
  orderId: "inv_1",
  amount: "10.50",
  fiatCurrency: "usd",
  webhookUrl: "https://shop.example/hook",
};
const withdrawalInput = {
  orderId: "wd_1",
  amount: "0.5",
  address: "T/addr",
  isSubtract: true,
  currency: "USDT",
  network: "tron",
};

describe("createInvoice", () => {
  it("sends the validated body with the invoice key and parses the answer", async () => {
    const { client, fetch } = setup([{ status: 201, body: invoiceJson }]);
    const invoice = await client.createInvoice(invoiceInput);
    expect(invoice).toMatchObject({ id: "i-1", amount: "10.5", fiatCurrency: "USD" });
    const [req] = fetch.sent;
    expect(req?.url).toBe("http://svc.test/sandbox/v1/invoices");
    expect(req?.method).toBe("POST");
    expect(req?.headers.Authorization).toBe(`Bearer ${INVOICE_KEY}`);
    expect(req?.headers["Content-Type"]).toBe("application/json");
    expect(JSON.parse(req?.body ?? "")).toEqual({
      amount: "10.50",
      fiat_currency: "USD",
      order_id: "inv_1",
      webhook_url: "https://shop.example/hook",
    });
  });

  it("rejects invalid input before sending, with field errors", async () => {
    const { client, fetch } = setup([{ status: 200, body: invoiceJson }]);
    const error = await client
      .createInvoice({ orderId: "bad id!", amount: "10,5", fiatCurrency: "USD", lifetime: 60 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationFailed);
    expect((error as ValidationFailed).source).toBe("client");
    expect(Object.keys((error as ValidationFailed).fieldErrors).sort()).toEqual([
      "amount",
      "lifetime",
      "orderId",
    ]);
    expect(fetch.sent).toHaveLength(0);
  });

  it.each<[string, Step]>([
    ["a 503", { status: 503, body: "<html>down</html>" }],
    ["a network error", { networkError: true }],
    ["a timeout", { hang: true }],
    ["a 429", { status: 429 }],
  ])("retries after %s with exactly the same body, then succeeds", async (_label, failure) => {
    const { client, fetch, sleeps } = setup([failure, failure, { status: 200, body: invoiceJson }]);
    const invoice = await client.createInvoice(invoiceInput);
    expect(invoice.id).toBe("i-1");
    expect(fetch.sent).toHaveLength(3);
    expect(new Set(fetch.sent.map((r) => r.body)).size).toBe(1);
    // Full jitter: random() * min(max, base * 2^(n-1)), here random() = 0.5.
    expect(sleeps).toEqual([5, 10]);
  });

  it("honours Retry-After on 429", async () => {
    const { client, sleeps } = setup([
      { status: 429, headers: { "Retry-After": "2" } },
      { status: 200, body: invoiceJson },
    ]);
    await client.createInvoice(invoiceInput);
    expect(sleeps).toEqual([2000]);
  });

  it("gives up on a Retry-After longer than allowed", async () => {
    const { client, fetch } = setup([{ status: 429, headers: { "Retry-After": "600" } }]);
    await expect(client.createInvoice(invoiceInput)).rejects.toBeInstanceOf(RateLimited);
    expect(fetch.sent).toHaveLength(1);
  });

  it("stops after the configured attempts with the last error", async () => {
    const { client, fetch } = setup([{ hang: true }]);
    const error = await client.createInvoice(invoiceInput).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Unavailable);
    expect((error as Unavailable).reason).toBe("timeout");
    expect((error as Unavailable).userMessage).toBe("The payment service did not answer in time.");
    expect(fetch.sent).toHaveLength(4);
  });

  it.each([400, 401, 403, 404, 409, 422])("never retries a %i", async (status) => {
    const { client, fetch } = setup([
      { status, body: '{"message":"no"}' },
      { status: 200, body: invoiceJson },
    ]);
    await expect(client.createInvoice(invoiceInput)).rejects.toHaveProperty("kind");
    expect(fetch.sent).toHaveLength(1);
  });

  it("reports an unreadable 2xx as UnexpectedResponse", async () => {
    const { client } = setup([{ status: 200, body: "<html>ok</html>" }]);
    await expect(client.createInvoice(invoiceInput)).rejects.toBeInstanceOf(UnexpectedResponse);
    const { client: c2 } = setup([{ status: 200, body: '{"result":{"no_id":true}}' }]);
    await expect(c2.createInvoice(invoiceInput)).rejects.toBeInstanceOf(UnexpectedResponse);
  });
});

describe("getInvoice", () => {
  it("GETs the encoded id with no body and retries when unavailable", async () => {
    const { client, fetch } = setup([{ status: 500 }, { status: 200, body: `{"result":${invoiceJson}}` }]);
    const invoice = await client.getInvoice("i 1/2");
    expect(invoice.id).toBe("i-1");
    expect(fetch.sent[0]?.url).toBe("http://svc.test/sandbox/v1/invoices/i%201%2F2");
    expect(fetch.sent[0]?.method).toBe("GET");
    expect(fetch.sent[0]?.body).toBeUndefined();
    expect(fetch.sent).toHaveLength(2);
  });

  it("maps 404 and 401", async () => {
    await expect(
      setup([{ status: 404, body: '{"message":"Not found."}' }]).client.getInvoice("x"),
    ).rejects.toBeInstanceOf(NotFound);
    await expect(setup([{ status: 401 }]).client.getInvoice("x")).rejects.toBeInstanceOf(Unauthorized);
  });
});

describe("createWithdrawal", () => {
  it("authenticates with the withdrawal key and signs the exact body with the invoice key", async () => {
    const { client, fetch } = setup([{ status: 200, body: withdrawalJson }]);
    const withdrawal = await client.createWithdrawal({
      ...withdrawalInput,
      additionalData: { user_id: "ü/1" },
    });
    expect(withdrawal).toMatchObject({ id: "w-1", amount: "0.5", address: "T/addr" });
    const [req] = fetch.sent;
    expect(req?.headers.Authorization).toBe(`Bearer ${WITHDRAWAL_KEY}`);
    const payload = {
      amount: "0.5",
      currency: "USDT",
      network: "tron",
      order_id: "wd_1",
      address: "T/addr",
      is_subtract: true,
      additional_data: { user_id: "ü/1" },
    };
    const canonical = canonicalJson(payload, "php");
    const sign = signPayload(payload, INVOICE_KEY, "php");
    expect(req?.body).toBe(`${canonical.slice(0, -1)},"sign":"${sign}"}`);
    expect(req?.body).toContain('"address":"T\\/addr"');
  });

  it("uses the plain style when configured", async () => {
    const { client, fetch } = setup([{ status: 200, body: withdrawalJson }], { signStyle: "plain" });
    await client.createWithdrawal(withdrawalInput);
    expect(fetch.sent[0]?.body).toContain('"address":"T/addr"');
  });

  it("resends the same body and sign when retrying", async () => {
    const { client, fetch } = setup([
      { networkError: true },
      { status: 502 },
      { status: 200, body: withdrawalJson },
    ]);
    await client.createWithdrawal({
      orderId: "wd_2",
      fiatAmount: "100",
      fiatCurrency: "EUR",
      address: "a",
      isSubtract: false,
    });
    expect(fetch.sent).toHaveLength(3);
    expect(new Set(fetch.sent.map((r) => r.body)).size).toBe(1);
    expect(fetch.sent[0]?.body).toMatch(/^\{"fiat_amount":"100","fiat_currency":"EUR","order_id":"wd_2"/);
  });

  it("surfaces insufficient funds without retrying", async () => {
    const { client, fetch } = setup([{ status: 422, body: '{"message":"Insufficient funds."}' }]);
    await expect(client.createWithdrawal(withdrawalInput)).rejects.toBeInstanceOf(InsufficientFunds);
    expect(fetch.sent).toHaveLength(1);
  });

  it("requires amount XOR fiat amount + currency", async () => {
    const { client } = setup([{ status: 200, body: withdrawalJson }]);
    const both = await client
      .createWithdrawal({ ...withdrawalInput, fiatAmount: "1", fiatCurrency: "USD" })
      .catch((e: unknown) => e);
    expect((both as ValidationFailed).fieldErrors).toHaveProperty("fiatAmount");
    const none = await client
      .createWithdrawal({ orderId: "x", address: "a", isSubtract: true })
      .catch((e: unknown) => e);
    expect((none as ValidationFailed).fieldErrors).toHaveProperty("amount");
  });
});
