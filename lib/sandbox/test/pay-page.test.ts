import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkedFetch, orderId, startTestSandbox, type Client, type Merchant } from "./harness";

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

async function get(payUrl: string) {
  const { res, text } = await checkedFetch(client.server, payUrl);
  return { status: res.status, html: text, type: res.headers.get("content-type") };
}

async function post(url: string, form: Record<string, string>) {
  const { res } = await checkedFetch(client.server, url, {
    method: "POST",
    body: new URLSearchParams(form),
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location") ?? "" };
}

const statusOf = (html: string) => /data-testid="invoice-status">([^<]*)</.exec(html)?.[1];

describe("hosted payment page", () => {
  it("lets the payer choose currency and network, then pay in parts", async () => {
    const inv = await client.createInvoice(m, {
      amount: "120",
      fiat_currency: "USD",
      order_id: orderId(),
      return_url: "https://shop.example/back?a=1&b=<x>",
      success_url: "https://shop.example/thanks",
      additional_data: { user_id: "<script>alert(1)</script>" },
    });
    const payUrl = String(inv.body.pay_url);
    let page = await get(payUrl);
    expect(page.status).toBe(200);
    expect(page.type).toContain("text/html");
    expect(statusOf(page.html)).toBe("pending");
    expect(page.html).toContain("120 USD");
    expect(page.html).toMatch(/<label for="currency">Currency<\/label>/);
    expect(page.html).toMatch(/<label for="network">Network<\/label>/);
    expect(page.html).toContain(">Continue</button>");
    expect(page.html).toContain("https://shop.example/back?a=1&amp;b=&lt;x&gt;");
    expect(page.html).not.toContain("<x>");
    expect(page.html).not.toContain("success-link");

    const refused = await post(`${payUrl}/method`, { currency: "BTC", network: "TRON" });
    expect(refused.status).toBe(303);
    expect(decodeURIComponent(refused.location)).toContain("not supported");
    page = await get(new URL(refused.location, payUrl).href);
    expect(page.html).toContain('data-testid="pay-error"');

    const chosen = await post(`${payUrl}/method`, { currency: "USDT", network: "TRON" });
    expect(chosen.status).toBe(303);
    page = await get(payUrl);
    expect(page.html).toContain("<svg");
    const wallet = /data-testid="wallet-address">([^<]*)</.exec(page.html)?.[1];
    expect(wallet).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(page.html).toMatch(
      /<label for="amount">Amount<\/label><input id="amount" name="amount" inputmode="decimal" value="120"/,
    );
    expect(page.html).toContain(">Send test payment</button>");

    const api = await client.getInvoice(m, String(inv.body.id));
    expect(api.body).toMatchObject({ currency: "USDT", network: "TRON", crypto_amount: 120, wallet });

    await post(`${payUrl}/payments`, { amount: "20" });
    page = await get(payUrl);
    expect(statusOf(page.html)).toBe("wrong_amount_waiting");
    expect(/data-testid="crypto-due">([^<]*)</.exec(page.html)?.[1]).toBe("100");
    expect(page.html).toContain('value="100"');

    const bad = await post(`${payUrl}/payments`, { amount: "1,5" });
    expect(bad.location).toContain("error=");

    await post(`${payUrl}/payments`, { amount: "100" });
    page = await get(payUrl);
    expect(statusOf(page.html)).toBe("paid");
    expect(page.html).toContain('data-testid="success-link"');
    expect(page.html).not.toContain("Send test payment");
    expect((await client.getInvoice(m, String(inv.body.id))).body.transactions).toHaveLength(2);
  });

  it("offers a single payment only once when multiple payments are not allowed", async () => {
    const inv = await client.createInvoice(m, {
      amount: "10",
      fiat_currency: "USD",
      order_id: orderId(),
      currency: "USDT",
      network: "TRON",
      is_payment_multiple: false,
    });
    const payUrl = String(inv.body.pay_url);
    let page = await get(payUrl);
    expect(page.html).not.toContain(">Continue</button>");
    await post(`${payUrl}/payments`, { amount: "5" });
    page = await get(payUrl);
    expect(statusOf(page.html)).toBe("wrong_amount");
    expect(page.html).not.toContain("Send test payment");
    const again = await post(`${payUrl}/payments`, { amount: "5" });
    expect(again.location).toContain("error=");
  });

  it("answers 404 for an unknown invoice", async () => {
    expect((await get(`${client.server.url}/pay/00000000-0000-4000-8000-000000000999`)).status).toBe(404);
  });
});
