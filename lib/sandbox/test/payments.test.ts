import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderId, startTestSandbox, type Client, type Merchant } from "./harness";

let client: Client;
let close: () => Promise<void>;
let m: Merchant;
let clockOffsetMs = 0;

beforeAll(async () => {
  const t = await startTestSandbox({ now: () => new Date(Date.now() + clockOffsetMs) });
  client = t.client;
  close = t.server.close;
  m = await client.merchant();
});
afterAll(() => close());

async function invoice(extra: Record<string, unknown> = {}) {
  const r = await client.createInvoice(m, {
    amount: "100",
    fiat_currency: "USD",
    order_id: orderId(),
    currency: "USDT",
    network: "TRON",
    ...extra,
  });
  expect(r.status, r.text).toBe(200);
  return String(r.body.id);
}

const status = async (id: string) => (await client.getInvoice(m, id)).body.status;

describe("payments and statuses", () => {
  it("an exact payment marks the invoice paid and credits the balance", async () => {
    const before = Number(await client.balance(m, "USDT"));
    const id = await invoice();
    const p = await client.pay(m, id, { amount: "100", source_wallet: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" });
    expect(p.status, p.text).toBe(200);
    expect(p.body.transaction_id).toMatch(/^[0-9a-f]{64}$/);
    const info = await client.getInvoice(m, id);
    expect(info.body).toMatchObject({
      status: "paid",
      paid_crypto_amount: 100,
      paid_fiat_amount: 100,
      remaining_crypto_amount: 0,
    });
    expect(info.body.transactions).toEqual([
      {
        transaction_id: p.body.transaction_id,
        source_wallet: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
        amount: 100,
      },
    ]);
    expect(Number(await client.balance(m, "USDT"))).toBe(before + 100);
  });

  it("without accuracy, one unit short is not paid", async () => {
    const id = await invoice({ is_payment_multiple: false });
    await client.pay(m, id, { amount: "99.999999" });
    expect(await status(id)).toBe("wrong_amount");
  });

  it("with accuracy p, (100 - p)% of the amount counts as paid, and the balance gets what was received", async () => {
    const id = await invoice({ accuracy_payment_percent: 5, is_payment_multiple: false });
    const before = await client.balance(m, "USDT");
    await client.pay(m, id, { amount: "95" });
    expect(await status(id)).toBe("paid");
    expect(Number(await client.balance(m, "USDT")) - Number(before)).toBe(95);

    const short = await invoice({ accuracy_payment_percent: 5, is_payment_multiple: false });
    await client.pay(m, short, { amount: "94.999999" });
    expect(await status(short)).toBe("wrong_amount");
  });

  it("underpay then top up (multiple payments allowed)", async () => {
    const id = await invoice();
    await client.pay(m, id, { amount: "40" });
    let info = await client.getInvoice(m, id);
    expect(info.body).toMatchObject({
      status: "wrong_amount_waiting",
      paid_crypto_amount: 40,
      remaining_crypto_amount: 60,
    });
    await client.pay(m, id, { amount: "60" });
    info = await client.getInvoice(m, id);
    expect(info.body).toMatchObject({ status: "paid", paid_crypto_amount: 100, remaining_crypto_amount: 0 });
    expect(info.body.transactions).toHaveLength(2);
    // final: no more payments
    expect((await client.pay(m, id, { amount: "1" })).status).toBe(422);
  });

  it("an underpaid single-payment invoice is final and refuses a second payment", async () => {
    const id = await invoice({ is_payment_multiple: false });
    await client.pay(m, id, { amount: "10" });
    expect(await status(id)).toBe("wrong_amount");
    const second = await client.pay(m, id, { amount: "90" });
    expect(second.status).toBe(422);
    expect((await client.getInvoice(m, id)).body.transactions).toHaveLength(1);
  });

  it("an overpayment gives paid_over", async () => {
    const id = await invoice();
    await client.pay(m, id, { amount: "100.000001" });
    expect(await status(id)).toBe("paid_over");
  });

  it("a payment to an invoice without a method needs currency and network, then fixes them", async () => {
    const r = await client.createInvoice(m, { amount: "300", fiat_currency: "USD", order_id: orderId() });
    const id = String(r.body.id);
    const missing = await client.pay(m, id, { amount: "1" });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors as object).sort()).toEqual(["currency", "network"]);
    expect((await client.pay(m, id, { amount: "1", currency: "ETH", network: "TRON" })).status).toBe(422);
    const p = await client.pay(m, id, { amount: "0.05", currency: "ETH", network: "ETH" });
    expect(p.status, p.text).toBe(200);
    const info = await client.getInvoice(m, id);
    expect(info.body).toMatchObject({
      currency: "ETH",
      network: "ETH",
      crypto_amount: 0.1,
      paid_crypto_amount: 0.05,
      status: "wrong_amount_waiting",
    });
    expect(String(info.body.wallet)).toMatch(/^0x[0-9a-f]{40}$/);
    // a different method is refused once fixed
    expect((await client.pay(m, id, { amount: "0.05", currency: "USDT", network: "TRON" })).status).toBe(422);
  });

  it("rejects invalid payment amounts", async () => {
    const id = await invoice();
    expect((await client.pay(m, id, { amount: "0" })).status).toBe(422);
    expect((await client.pay(m, id, { amount: "1.1234567" })).status).toBe(422); // USDT has 6 decimals
    expect(await status(id)).toBe("pending");
  });
});

describe("expiry", () => {
  it("an unpaid invoice is cancel after expires_at (applied on read), and refuses payments", async () => {
    const id = await invoice({ lifetime: 300 });
    clockOffsetMs += 301_000;
    try {
      expect(await status(id)).toBe("cancel");
      const p = await client.pay(m, id, { amount: "100" });
      expect(p.status).toBe(422);
    } finally {
      clockOffsetMs -= 301_000;
    }
    expect(await status(id)).toBe("cancel");
  });

  it("an underpaid multiple-payment invoice becomes wrong_amount at expiry", async () => {
    const id = await invoice({ lifetime: 300 });
    await client.pay(m, id, { amount: "30" });
    clockOffsetMs += 301_000;
    try {
      expect(await status(id)).toBe("wrong_amount");
    } finally {
      clockOffsetMs -= 301_000;
    }
  });

  it("the control API expires an open invoice now and refuses a final one", async () => {
    const id = await invoice();
    const r = await client.call("POST", `/control/invoices/${id}/expire`, m.invoiceKey);
    expect(r.status).toBe(200);
    expect(r.body.status).toBe("cancel");
    expect(r.body.expires_at).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect((await client.call("POST", `/control/invoices/${id}/expire`, m.invoiceKey)).status).toBe(422);
    expect((await client.pay(m, id, { amount: "100" })).status).toBe(422);
  });
});
