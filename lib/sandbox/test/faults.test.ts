import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  orderId,
  startReceiver,
  startTestSandbox,
  VALID_ADDRESSES,
  type Client,
  type Merchant,
} from "./harness";

let client: Client;
let close: () => Promise<void>;

beforeAll(async () => {
  const t = await startTestSandbox();
  client = t.client;
  close = t.server.close;
});
afterAll(() => close());

const setFaults = (m: Merchant, body: Record<string, unknown>) =>
  client.call("POST", "/control/faults", m.invoiceKey, body);
const invoiceBody = (id = orderId()) => ({
  amount: "10",
  fiat_currency: "USD",
  order_id: id,
  currency: "USDT",
  network: "TRON",
});

describe("faults", () => {
  it("validates the fault config and clears it with DELETE", async () => {
    const m = await client.merchant();
    expect((await setFaults(m, { error_rate: 1.5 })).status).toBe(422);
    expect((await setFaults(m, { latency_ms: -1 })).status).toBe(422);
    const set = await setFaults(m, { error_rate: 1 });
    expect(set.body).toMatchObject({ error_rate: 1, latency_ms: 0 });
    expect((await client.call("GET", "/control/faults", m.invoiceKey)).body.error_rate).toBe(1);
    const cleared = await client.call("DELETE", "/control/faults", m.invoiceKey);
    expect(cleared.body).toMatchObject({
      error_rate: 0,
      drop_after_commit_rate: 0,
      duplicate_webhooks: false,
      reorder_webhooks: false,
    });
    expect((await client.createInvoice(m, invoiceBody())).status).toBe(200);
  });

  it("error_rate 1 answers 503 and does no work; 0 never fails; faults are per merchant", async () => {
    const m = await client.merchant();
    const other = await client.merchant();
    await setFaults(m, { error_rate: 1 });
    const id = orderId();
    for (let i = 0; i < 5; i++) expect((await client.createInvoice(m, invoiceBody(id))).status).toBe(503);
    expect((await client.createInvoice(other, invoiceBody())).status).toBe(200);
    // control calls are not affected, and the invoice was never created
    await client.setBalance(m, "USDT", "100");
    const w = await client.withdraw(m, {
      amount: "5",
      currency: "USDT",
      network: "TRON",
      order_id: orderId("wd"),
      address: VALID_ADDRESSES.TRON,
      is_subtract: true,
    });
    expect(w.status).toBe(503);
    expect(await client.balance(m, "USDT")).toBe("100");
    await setFaults(m, { error_rate: 0 });
    const created = await client.createInvoice(m, invoiceBody(id));
    expect(created.status).toBe(200);
    expect(created.body.paid_crypto_amount).toBe(0);
  });

  it("drop_after_commit_rate 1 commits the work, then the client sees a network error", async () => {
    const m = await client.merchant();
    await setFaults(m, { drop_after_commit_rate: 1 });
    const id = orderId();
    await expect(client.createInvoice(m, invoiceBody(id))).rejects.toThrow(/fetch failed|terminated|socket/i);
    await client.call("DELETE", "/control/faults", m.invoiceKey);
    // the retry with the same order_id finds the committed invoice
    const again = await client.createInvoice(m, invoiceBody(id));
    expect(again.status).toBe(200);

    // the same for a withdrawal: the debit happened exactly once
    await client.setBalance(m, "USDT", "100");
    await setFaults(m, { drop_after_commit_rate: 1 });
    const payload = {
      amount: "5",
      currency: "USDT",
      network: "TRON",
      order_id: orderId("wd"),
      address: VALID_ADDRESSES.TRON,
      is_subtract: true,
    };
    await expect(client.withdraw(m, payload)).rejects.toThrow();
    await client.call("DELETE", "/control/faults", m.invoiceKey);
    expect(await client.balance(m, "USDT")).toBe("94");
    const w = await client.withdraw(m, payload);
    expect(w.status).toBe(200);
    expect(await client.balance(m, "USDT")).toBe("94");
  });

  it("latency_ms delays /v1 responses", async () => {
    const m = await client.merchant();
    await setFaults(m, { latency_ms: 300 });
    const started = Date.now();
    expect((await client.createInvoice(m, invoiceBody())).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("duplicate_webhooks sends every webhook twice, identical", async () => {
    const receiver = await startReceiver();
    try {
      const m = await client.merchant(receiver.url);
      await setFaults(m, { duplicate_webhooks: true });
      const id = orderId();
      const inv = await client.createInvoice(m, invoiceBody(id));
      await client.pay(m, String(inv.body.id), { amount: "10" });
      const hooks = await receiver.waitFor((r) => r.filter((h) => h.body.order_id === id).length === 2);
      expect(hooks[0]?.raw).toBe(hooks[1]?.raw);
      await new Promise((r) => setTimeout(r, 200));
      expect(receiver.received.filter((h) => h.body.order_id === id)).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });

  it("reorder_webhooks makes consecutive webhooks arrive out of order", async () => {
    const receiver = await startReceiver();
    try {
      const m = await client.merchant(receiver.url);
      await setFaults(m, { reorder_webhooks: true, reorder_delay_ms: 1500 });
      const id = orderId();
      const inv = await client.createInvoice(m, invoiceBody(id));
      await client.pay(m, String(inv.body.id), { amount: "4" }); // → wrong_amount_waiting (held back)
      await client.pay(m, String(inv.body.id), { amount: "6" }); // → paid (sent at once)
      const hooks = await receiver.waitFor((r) => r.filter((h) => h.body.order_id === id).length === 2);
      expect(hooks.map((h) => h.body.status)).toEqual(["paid", "wrong_amount_waiting"]);
    } finally {
      await receiver.close();
    }
  });

  it("faults do not apply to the control API", async () => {
    const m = await client.merchant();
    await setFaults(m, { error_rate: 1 });
    expect((await client.call("GET", "/control/balances", m.invoiceKey)).status).toBe(200);
  });
});
