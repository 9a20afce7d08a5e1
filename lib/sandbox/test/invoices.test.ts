import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderId, startTestSandbox, type Client, type Merchant } from "./harness";

let client: Client;
let close: () => Promise<void>;
let m: Merchant;

beforeAll(async () => {
  const t = await startTestSandbox();
  client = t.client;
  close = t.server.close;
  m = await client.merchant();
});
afterAll(() => close());

const base = () => ({ amount: "100", fiat_currency: "USD", order_id: orderId() });

async function expectField(body: Record<string, unknown>, field: string, ok: boolean) {
  const r = await client.createInvoice(m, body);
  if (ok) expect(r.status, r.text).toBe(200);
  else {
    expect(r.status, r.text).toBe(422);
    expect(Object.keys(r.body.errors as object)).toContain(field);
    expect(typeof r.body.message).toBe("string");
  }
  return r;
}

describe("POST /v1/invoices", () => {
  it("creates an invoice with the spec's fields and defaults", async () => {
    const body = { ...base(), amount: "10.50" };
    const r = await client.createInvoice(m, body);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      amount: 10.5,
      crypto_amount: null,
      remaining_crypto_amount: null,
      paid_fiat_amount: 0,
      paid_crypto_amount: 0,
      fiat_currency: "USD",
      is_payment_multiple: true,
    });
    expect(r.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.body).not.toHaveProperty("wallet");
    expect(r.body.expires_at).toBe((r.body.created_at as number) + 3600);
    expect(r.body.pay_url).toBe(`${client.server.url}/pay/${String(r.body.id)}`);
    expect(Math.abs((r.body.created_at as number) - Date.now() / 1000)).toBeLessThan(5);
    // amounts are JSON numbers in the raw text
    expect(r.text).toContain('"amount":10.5');

    const info = await client.getInvoice(m, String(r.body.id));
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      status: "pending",
      currency: null,
      network: null,
      additional_data: null,
      transactions: [],
    });
  });

  it("fixes currency and network at creation: crypto amount and wallet at once", async () => {
    const r = await client.createInvoice(m, { ...base(), amount: "150", currency: "BTC", network: "BTC" });
    expect(r.status).toBe(200);
    expect(r.body.crypto_amount).toBe(0.0025);
    expect(r.body.remaining_crypto_amount).toBe(0.0025);
    expect(r.body.wallet).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    const info = await client.getInvoice(m, String(r.body.id));
    expect(info.body).toMatchObject({ currency: "BTC", network: "BTC", wallet: r.body.wallet });
  });

  it("rounds crypto amounts up to the coin's precision", async () => {
    // 10 EUR = 10 / 0.92 USDT = 10.869565217… → 10.869566 (6 decimals, up)
    const r = await client.createInvoice(m, {
      ...base(),
      amount: "10",
      fiat_currency: "EUR",
      currency: "USDT",
      network: "TRON",
    });
    expect(r.body.crypto_amount).toBe(10.869566);
    expect(String(r.body.wallet)).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const eth = await client.createInvoice(m, { ...base(), currency: "USDC", network: "ETH" });
    expect(String(eth.body.wallet)).toMatch(/^0x[0-9a-f]{40}$/);
    const ltc = await client.createInvoice(m, { ...base(), currency: "LTC", network: "LTC" });
    expect(String(ltc.body.wallet)).toMatch(/^ltc1q[02-9ac-hj-np-z]{38}$/);
  });

  it("rejects an unsupported currency/network pair and a half-given method", async () => {
    await expectField({ ...base(), currency: "BTC", network: "TRON" }, "network", false);
    await expectField({ ...base(), currency: "DOGE", network: "DOGE" }, "currency", false);
    await expectField({ ...base(), currency: "USDT" }, "network", false);
    await expectField({ ...base(), network: "TRON" }, "currency", false);
  });

  it("validates amount", async () => {
    await expectField({ ...base(), amount: undefined }, "amount", false);
    await expectField({ ...base(), amount: "0" }, "amount", false);
    await expectField({ ...base(), amount: "-1" }, "amount", false);
    await expectField({ ...base(), amount: "10,5" }, "amount", false);
    await expectField({ ...base(), amount: "abc" }, "amount", false);
    await expectField({ ...base(), amount: "0.01" }, "amount", true);
  });

  it("validates fiat_currency against the supported list", async () => {
    await expectField({ ...base(), fiat_currency: "XXX" }, "fiat_currency", false);
    await expectField({ ...base(), fiat_currency: "usd" }, "fiat_currency", false);
    await expectField({ ...base(), fiat_currency: undefined }, "fiat_currency", false);
    for (const c of ["EUR", "GBP", "JPY", "AED"])
      await expectField({ ...base(), fiat_currency: c }, "fiat_currency", true);
  });

  it("validates order_id: alpha_dash, 1 to 255 characters", async () => {
    await expectField({ ...base(), order_id: "a".repeat(255) }, "order_id", true);
    await expectField({ ...base(), order_id: "b".repeat(256) }, "order_id", false);
    await expectField({ ...base(), order_id: "" }, "order_id", false);
    await expectField({ ...base(), order_id: "x" }, "order_id", true);
    await expectField({ ...base(), order_id: "has space" }, "order_id", false);
    await expectField({ ...base(), order_id: "a/b" }, "order_id", false);
    await expectField({ ...base(), order_id: `Ok-_${Date.now()}` }, "order_id", true);
  });

  it("validates lifetime at its bounds", async () => {
    await expectField({ ...base(), lifetime: 299 }, "lifetime", false);
    const low = await expectField({ ...base(), lifetime: 300 }, "lifetime", true);
    expect(low.body.expires_at).toBe((low.body.created_at as number) + 300);
    const high = await expectField({ ...base(), lifetime: 43200 }, "lifetime", true);
    expect(high.body.expires_at).toBe((high.body.created_at as number) + 43200);
    await expectField({ ...base(), lifetime: 43201 }, "lifetime", false);
    await expectField({ ...base(), lifetime: 600.5 }, "lifetime", false);
  });

  it("validates accuracy_payment_percent at its bounds", async () => {
    await expectField({ ...base(), accuracy_payment_percent: 0 }, "accuracy_payment_percent", true);
    await expectField({ ...base(), accuracy_payment_percent: 5 }, "accuracy_payment_percent", true);
    await expectField({ ...base(), accuracy_payment_percent: "2.5" }, "accuracy_payment_percent", true);
    await expectField({ ...base(), accuracy_payment_percent: 5.01 }, "accuracy_payment_percent", false);
    await expectField({ ...base(), accuracy_payment_percent: -0.01 }, "accuracy_payment_percent", false);
  });

  it("validates is_payment_multiple and the URLs", async () => {
    await expectField({ ...base(), is_payment_multiple: "yes" }, "is_payment_multiple", false);
    const single = await expectField({ ...base(), is_payment_multiple: false }, "is_payment_multiple", true);
    expect(single.body.is_payment_multiple).toBe(false);
    for (const f of ["webhook_url", "return_url", "success_url"]) {
      await expectField({ ...base(), [f]: "not a url" }, f, false);
      await expectField({ ...base(), [f]: "ftp://files.example/x" }, f, false);
      await expectField({ ...base(), [f]: "https://shop.example/a/b?c=1" }, f, true);
      await expectField({ ...base(), [f]: null }, f, true);
    }
  });

  it("accepts additional_data up to exactly 255 KB and refuses one byte more", async () => {
    const limit = 255 * 1024;
    const wrapper = '{"x":""}'.length; // its compact JSON is {"x":"aaa…"}
    const exact = { x: "a".repeat(limit - wrapper) };
    expect(Buffer.byteLength(JSON.stringify(exact))).toBe(limit);
    const r = await expectField({ ...base(), additional_data: exact }, "additional_data", true);
    const info = await client.getInvoice(m, String(r.body.id));
    expect(info.body.additional_data).toEqual(exact);
    await expectField(
      { ...base(), additional_data: { x: "a".repeat(limit - wrapper + 1) } },
      "additional_data",
      false,
    );
    // non-ASCII counts in UTF-8 bytes: "é" is 2 bytes
    await expectField(
      { ...base(), additional_data: { x: "é".repeat((limit - wrapper) / 2) + "a" } },
      "additional_data",
      false,
    );
    await expectField({ ...base(), additional_data: "a string" }, "additional_data", false);
    await expectField({ ...base(), additional_data: [1, 2, { user_id: "u1" }] }, "additional_data", true);
  });

  it("returns additional_data exactly as given, including key order and numbers", async () => {
    const body = `{"amount":"5","fiat_currency":"USD","order_id":"${orderId()}","additional_data":{"z":1.50,"a":{"user_id":"u/1"},"n":null}}`;
    const r = await client.createInvoice(m, body);
    const info = await client.getInvoice(m, String(r.body.id));
    expect(info.text).toContain('"additional_data":{"z":1.50,"a":{"user_id":"u/1"},"n":null}');
  });

  it("is idempotent by order_id: a repeat returns the existing invoice, even with other parameters", async () => {
    const id = orderId();
    const first = await client.createInvoice(m, { amount: "10", fiat_currency: "USD", order_id: id });
    const again = await client.createInvoice(m, { amount: "10", fiat_currency: "USD", order_id: id });
    const other = await client.createInvoice(m, {
      amount: "999",
      fiat_currency: "EUR",
      order_id: id,
      currency: "BTC",
      network: "BTC",
    });
    expect(again.body).toEqual(first.body);
    expect(other.body).toEqual(first.body);
  });

  it("answers malformed JSON with 400 and a non-object body with 422", async () => {
    const bad = await client.createInvoice(m, "{not json");
    expect(bad.status).toBe(400);
    expect(typeof bad.body.message).toBe("string");
    const arr = await client.createInvoice(m, "[1,2]");
    expect(arr.status).toBe(422);
  });
});

describe("GET /v1/invoices/{id}", () => {
  it("answers 404 for an unknown or malformed id", async () => {
    expect((await client.getInvoice(m, "00000000-0000-4000-8000-00000000abcd")).status).toBe(404);
    expect((await client.getInvoice(m, "nope")).status).toBe(404);
  });
});

describe("authentication and isolation", () => {
  it("answers 401 with the documented body for a missing or wrong key", async () => {
    for (const key of [null, "wrong-key"]) {
      const r = await client.call("POST", "/v1/invoices", key, base());
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ message: "Unauthenticated." });
    }
    expect((await client.call("GET", "/v1/invoices/00000000-0000-4000-8000-000000000000", null)).status).toBe(
      401,
    );
  });

  it("refuses the withdrawal key on invoice endpoints", async () => {
    const r = await client.call("POST", "/v1/invoices", m.withdrawalKey, base());
    expect(r.status).toBe(401);
    const created = await client.createInvoice(m, base());
    expect(
      (await client.call("GET", `/v1/invoices/${String(created.body.id)}`, m.withdrawalKey)).status,
    ).toBe(401);
  });

  it("keeps merchants apart: B cannot read A's invoice, and order_ids are per merchant", async () => {
    const b = await client.merchant();
    const id = orderId();
    const a1 = await client.createInvoice(m, { amount: "10", fiat_currency: "USD", order_id: id });
    const b1 = await client.createInvoice(b, { amount: "20", fiat_currency: "USD", order_id: id });
    expect(b1.status).toBe(200);
    expect(b1.body.id).not.toBe(a1.body.id);
    expect(b1.body.amount).toBe(20);
    expect((await client.getInvoice(b, String(a1.body.id))).status).toBe(404);
    expect(
      (await client.pay(b, String(a1.body.id), { amount: "1", currency: "USDT", network: "TRON" })).status,
    ).toBe(404);
  });
});
