import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  orderId,
  phpJson,
  startReceiver,
  startTestSandbox,
  VALID_ADDRESSES,
  type Client,
  type Json,
  type ReceivedWebhook,
} from "./harness";

let client: Client;
let close: () => Promise<void>;
let clockOffsetMs = 0;

beforeAll(async () => {
  const t = await startTestSandbox({ now: () => new Date(Date.now() + clockOffsetMs) });
  client = t.client;
  close = t.server.close;
});
afterAll(() => close());

/** Independent verification: drop `sign`, re-encode the PHP way, HMAC with the invoice key. */
function verify(hook: ReceivedWebhook, key: string): boolean {
  const { sign, ...rest } = hook.body;
  const expected = createHmac("sha256", key).update(phpJson(rest), "utf8").digest("hex");
  return sign === expected;
}

const forOrder = (id: string) => (r: ReceivedWebhook[]) => r.filter((h) => h.body.order_id === id);

describe("webhooks", () => {
  it("posts a signed invoice webhook to the invoice's webhook_url on payment", async () => {
    const receiver = await startReceiver();
    try {
      const m = await client.merchant("http://127.0.0.1:9/never-used");
      const id = orderId();
      const additional = { user_id: "u-7", back: "https://shop.example/orders/7", text: "Café 🚀" };
      const inv = await client.createInvoice(m, {
        amount: "100",
        fiat_currency: "USD",
        order_id: id,
        currency: "USDT",
        network: "TRON",
        webhook_url: receiver.url,
        additional_data: additional,
      });
      const pay = await client.pay(m, String(inv.body.id), { amount: "40" });
      await client.pay(m, String(inv.body.id), { amount: "60" });
      const hooks = await receiver.waitFor((r) => forOrder(id)(r).length >= 2);
      const paid = hooks.find((h) => h.body.status === "paid");
      const waiting = hooks.find((h) => h.body.status === "wrong_amount_waiting");
      expect(waiting?.body).toMatchObject({
        type: "invoice",
        invoice_id: inv.body.id,
        is_final: false,
        txid: pay.body.transaction_id,
        paid_crypto_amount: "40",
        remaining_crypto_amount: "60",
      });
      expect(paid?.body).toMatchObject({
        order_id: id,
        additional_data: additional,
        is_final: true,
        amount: "100",
        paid_crypto_amount: "100",
        currency: "USDT",
        network: "TRON",
      });
      for (const h of hooks) {
        expect(verify(h, m.invoiceKey)).toBe(true);
        expect(verify(h, m.withdrawalKey)).toBe(false);
        expect(h.raw).toContain("https:\\/\\/shop.example"); // slashes escaped on the wire
        expect(h.raw).toContain("Café 🚀"); // raw UTF-8
      }
    } finally {
      await receiver.close();
    }
  });

  it("falls back to the merchant's project-level URL, and sends withdrawal state changes there", async () => {
    const receiver = await startReceiver();
    try {
      const m = await client.merchant(receiver.url);
      const id = orderId();
      const inv = await client.createInvoice(m, {
        amount: "10",
        fiat_currency: "USD",
        order_id: id,
        currency: "USDT",
        network: "TRON",
      });
      await client.pay(m, String(inv.body.id), { amount: "10" });
      await receiver.waitFor((r) => forOrder(id)(r).some((h) => h.body.status === "paid"));

      await client.setBalance(m, "USDT", "50");
      const wid = orderId("wd");
      const w = await client.withdraw(m, {
        amount: "5",
        currency: "USDT",
        network: "TRON",
        order_id: wid,
        address: VALID_ADDRESSES.TRON,
        is_subtract: true,
        additional_data: { k: "v" },
      });
      await client.call("POST", `/control/withdrawals/${String(w.body.id)}/status`, m.invoiceKey, {
        status: "check",
      });
      await client.call("POST", `/control/withdrawals/${String(w.body.id)}/status`, m.invoiceKey, {
        status: "paid",
      });
      const hooks = await receiver.waitFor((r) => forOrder(wid)(r).length >= 2);
      const paid = forOrder(wid)(hooks).find((h) => h.body.status === "paid");
      expect(paid?.body).toMatchObject({
        type: "withdrawal",
        withdrawal_id: w.body.id,
        is_final: true,
        additional_data: { k: "v" },
        amount: "5",
      });
      expect(paid?.body.txid).toMatch(/^[0-9a-f]{64}$/);
      for (const h of forOrder(wid)(hooks)) expect(verify(h, m.invoiceKey)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it("retries after a failing receiver with backoff and records every attempt", async () => {
    const receiver = await startReceiver((n) => (n <= 2 ? 500 : 200));
    try {
      const m = await client.merchant(receiver.url);
      const id = orderId();
      const inv = await client.createInvoice(m, {
        amount: "10",
        fiat_currency: "USD",
        order_id: id,
        currency: "USDT",
        network: "TRON",
      });
      await client.pay(m, String(inv.body.id), { amount: "10" });
      await receiver.waitFor((r) => forOrder(id)(r).length === 1);
      expect(receiver.calls).toBe(3);
      let deliveries: Json[] = [];
      for (let i = 0; i < 20; i++) {
        deliveries = (await client.webhooks(m, id)).body.deliveries as Json[];
        if (deliveries[0]?.state === "delivered") break;
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(deliveries).toHaveLength(1);
      const d = deliveries[0] as Json;
      expect(d).toMatchObject({ state: "delivered", url: receiver.url, attempt_count: 3, order_id: id });
      const attempts = d.attempts as Json[];
      expect(attempts.map((a) => a.status_code)).toEqual([500, 500, 200]);
      for (const a of attempts) {
        expect(a.url).toBe(receiver.url);
        expect(typeof a.duration_ms).toBe("number");
        expect(a.request_body).toBe(d.body);
      }
      // exponential backoff: the second gap is at least the doubled base delay (30 ms → 60 ms)
      const t = attempts.map((a) => a.attempted_at_ms as number);
      expect((t[2] as number) - (t[1] as number)).toBeGreaterThanOrEqual(55);
    } finally {
      await receiver.close();
    }
  });

  it("gives up after maxAttempts, records network errors, and can be resent by hand", async () => {
    let up = false;
    const receiver = await startReceiver(() => (up ? 200 : 503));
    try {
      const m = await client.merchant("http://127.0.0.1:9/closed-port");
      const id = orderId();
      const inv = await client.createInvoice(m, {
        amount: "10",
        fiat_currency: "USD",
        order_id: id,
        currency: "USDT",
        network: "TRON",
        webhook_url: receiver.url,
      });
      await client.pay(m, String(inv.body.id), { amount: "10" });
      let d: Json = {};
      for (let i = 0; i < 100 && d.state !== "failed"; i++) {
        await new Promise((r) => setTimeout(r, 30));
        d = ((await client.webhooks(m, id)).body.deliveries as Json[])[0] ?? {};
      }
      expect(d.state).toBe("failed");
      expect(d.attempt_count).toBe(4);
      up = true;
      const resend = await client.call("POST", `/control/webhooks/${String(d.id)}/resend`, m.invoiceKey);
      expect(resend.status).toBe(200);
      const hooks = await receiver.waitFor((r) => forOrder(id)(r).length === 1);
      expect(verify(hooks[0] as ReceivedWebhook, m.invoiceKey)).toBe(true);

      // a closed port is recorded as an error, with no status code
      const inv2 = await client.createInvoice(m, {
        amount: "10",
        fiat_currency: "USD",
        order_id: orderId(),
        currency: "USDT",
        network: "TRON",
      });
      await client.pay(m, String(inv2.body.id), { amount: "10" });
      let attempts: Json[] = [];
      for (let i = 0; i < 50 && attempts.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 30));
        const all = (await client.call("GET", "/control/webhooks", m.invoiceKey)).body.deliveries as Json[];
        attempts = (all.find((x) => x.url === "http://127.0.0.1:9/closed-port")?.attempts as Json[]) ?? [];
      }
      expect(attempts[0]).toMatchObject({ status_code: null });
      expect(String(attempts[0]?.error)).not.toBe("");
    } finally {
      await receiver.close();
    }
  });

  it("the periodic sweep expires an invoice nobody reads and sends its webhook", async () => {
    const receiver = await startReceiver();
    try {
      const m = await client.merchant(receiver.url);
      const id = orderId();
      await client.createInvoice(m, { amount: "10", fiat_currency: "USD", order_id: id, lifetime: 300 });
      clockOffsetMs += 301_000;
      const hooks = await receiver.waitFor((r) => forOrder(id)(r).length === 1);
      expect(hooks.find((h) => h.body.order_id === id)?.body).toMatchObject({
        status: "cancel",
        is_final: true,
        txid: null,
      });
    } finally {
      clockOffsetMs -= 301_000;
      await receiver.close();
    }
  });

  it("does not block the API response on a slow receiver", async () => {
    const pending: (() => void)[] = [];
    const slow = createServer((_req, res) => pending.push(() => res.writeHead(200).end()));
    await new Promise<void>((r) => slow.listen(0, "127.0.0.1", () => r()));
    try {
      const m = await client.merchant(`http://127.0.0.1:${(slow.address() as AddressInfo).port}/slow`);
      const inv = await client.createInvoice(m, {
        amount: "10",
        fiat_currency: "USD",
        order_id: orderId(),
        currency: "USDT",
        network: "TRON",
      });
      const started = Date.now();
      const r = await client.pay(m, String(inv.body.id), { amount: "10" });
      expect(r.status).toBe(200);
      // the receiver holds every request for the whole test; the API answered regardless
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      pending.forEach((f) => f());
      slow.closeAllConnections();
      await new Promise<void>((r) => slow.close(() => r()));
    }
  });
});
