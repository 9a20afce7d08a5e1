/**
 * The embedded sandbox's guards (what mount.ts turns on inside Paydesk): creating a merchant
 * needs a key, webhook targets on private networks are refused at creation and, for names that
 * resolve there later, at delivery; attempts keep no reply body.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveWithDns } from "../webhooks/targets";
import {
  orderId,
  sleep,
  startReceiver,
  startTestSandbox,
  type Client,
  type Json,
  type Merchant,
} from "./harness";

const demo: Merchant = {
  id: "",
  invoiceKey: "demo-invoice-key-test",
  withdrawalKey: "demo-withdrawal-key-test",
};
let rebindTo = "93.184.216.34";
const fetched: string[] = [];
const lookups: string[] = [];
let client: Client;
let close: () => Promise<void>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  const t = await startTestSandbox({
    demoMerchant: { ...demo, webhookUrl: receiver.url },
    merchantCreationNeedsKey: true,
    webhookTargets: { publicOnly: true, allowedUrls: [receiver.url] },
    resolveHost: async (hostname) => {
      lookups.push(hostname);
      if (hostname === "public.example") return ["93.184.216.34"];
      return hostname === "rebind.example" ? [rebindTo] : resolveWithDns(hostname);
    },
    fetch: (input, init) => {
      fetched.push(String(input));
      return fetch(input, init);
    },
  });
  client = t.client;
  close = t.server.close;
});
afterAll(async () => {
  await close();
  await receiver.close();
});

async function attemptsFor(m: Merchant, id: string): Promise<Json[]> {
  for (let i = 0; i < 100; i++) {
    const deliveries = (await client.webhooks(m, id)).body.deliveries as Json[];
    const attempts = (deliveries[0]?.attempts as Json[] | undefined) ?? [];
    if (attempts.length > 0) return attempts;
    await sleep(30);
  }
  throw new Error(`no webhook attempt for ${id}`);
}

async function paidInvoice(m: Merchant, extra: Json = {}): Promise<string> {
  const id = orderId();
  const created = await client.createInvoice(m, {
    amount: "10",
    fiat_currency: "USD",
    order_id: id,
    currency: "USDT",
    network: "TRON",
    ...extra,
  });
  expect(created.status).toBe(200);
  expect((await client.pay(m, String(created.body.id), { amount: "10" })).status).toBe(200);
  return id;
}

describe("the embedded sandbox's guards", () => {
  it("answers 401 to POST /control/merchants without a key, and creates one with a merchant's invoice key", async () => {
    expect((await client.call("POST", "/control/merchants", null, {})).status).toBe(401);
    expect((await client.call("POST", "/control/merchants", "sandbox-invoice-key", {})).status).toBe(401);
    expect((await client.call("POST", "/control/merchants", demo.invoiceKey, {})).status).toBe(200);
  });

  it.each([
    "http://127.0.0.1:3000/api/webhooks/payments",
    "http://10.1.2.3/hook",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::1]:3000/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://100.64.0.1/hook",
    "http://localhost:3000/hook",
  ])("refuses %s as a webhook URL with 422, wherever one is set", async (url) => {
    const created = await client.call("POST", "/control/merchants", demo.invoiceKey, { webhook_url: url });
    expect(created.status).toBe(422);
    expect(created.body.errors).toHaveProperty("webhook_url");
    const set = await client.call("PUT", "/control/merchant", demo.invoiceKey, { webhook_url: url });
    expect(set.status).toBe(422);
    const invoice = await client.createInvoice(demo, {
      amount: "10",
      fiat_currency: "USD",
      order_id: orderId(),
      webhook_url: url,
    });
    expect(invoice.status).toBe(422);
  });

  it("refuses at delivery a name that resolves to a private address by then, without calling it", async () => {
    rebindTo = "93.184.216.34";
    const created = await client.call("POST", "/control/merchants", demo.invoiceKey, {
      webhook_url: "http://rebind.example/hook",
    });
    expect(created.status).toBe(200);
    const m: Merchant = {
      id: String(created.body.id),
      invoiceKey: String(created.body.invoice_key),
      withdrawalKey: String(created.body.withdrawal_key),
    };
    rebindTo = "127.0.0.1";
    const id = await paidInvoice(m);
    const [attempt] = await attemptsFor(m, id);
    expect(attempt).toMatchObject({ status_code: null, error: "refused: private address" });
    expect(fetched).not.toContain("http://rebind.example/hook");
  });

  it("resolves a public name once per attempt and sends nothing through a second lookup", async () => {
    const created = await client.call("POST", "/control/merchants", demo.invoiceKey, {
      webhook_url: "http://public.example/hook",
    });
    const m: Merchant = {
      id: String(created.body.id),
      invoiceKey: String(created.body.invoice_key),
      withdrawalKey: String(created.body.withdrawal_key),
    };
    lookups.length = 0;
    const id = await paidInvoice(m);
    let attempts: Json[] = [];
    for (let i = 0; i < 400 && (attempts?.length ?? 0) < 4; i++) {
      await sleep(50);
      attempts = ((await client.webhooks(m, id)).body.deliveries as Json[])[0]?.attempts as Json[];
    }
    // Whether the public address answers depends on the machine's network; what matters is that
    // each attempt connected with the answer it checked (pinned-post.test.ts shows how).
    expect(attempts).toHaveLength(4);
    expect(lookups.filter((name) => name === "public.example")).toHaveLength(attempts.length);
    expect(fetched).not.toContain("http://public.example/hook");
  });

  it("delivers to the demo merchant's own receiver on loopback", async () => {
    const id = await paidInvoice(demo);
    await receiver.waitFor((all) => all.some((hook) => hook.body.order_id === id));
    const [attempt] = await attemptsFor(demo, id);
    expect(attempt).toMatchObject({ status_code: 200, error: null });
  });
});

describe("webhook attempt records", () => {
  it("keep the status and timing, never the target's reply", async () => {
    const talker = createServer((_req, res) => res.writeHead(500).end("secret reply from the target"));
    await new Promise<void>((resolve) => talker.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(talker.address() as AddressInfo).port}/hook`;
    const { server, client: open } = await startTestSandbox();
    try {
      const m = await open.merchant(url);
      const id = orderId();
      const created = await open.createInvoice(m, {
        amount: "10",
        fiat_currency: "USD",
        order_id: id,
        currency: "USDT",
        network: "TRON",
      });
      await open.pay(m, String(created.body.id), { amount: "10" });
      let text = "";
      let attempts: Json[] = [];
      for (let i = 0; i < 100 && attempts.length === 0; i++) {
        await sleep(30);
        const listed = await open.webhooks(m, id);
        text = listed.text;
        attempts = ((listed.body.deliveries as Json[])[0]?.attempts as Json[] | undefined) ?? [];
      }
      expect(attempts[0]).toMatchObject({ status_code: 500, error: null });
      expect(attempts[0]?.duration_ms).toEqual(expect.any(Number));
      expect(attempts[0]).not.toHaveProperty("response_body");
      expect(text).not.toContain("secret reply");
    } finally {
      await server.close();
      await new Promise<void>((resolve) => talker.close(() => resolve()));
    }
  });
});
