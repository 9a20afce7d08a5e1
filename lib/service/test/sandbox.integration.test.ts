import Decimal from "decimal.js";
// The client against the real embedded sandbox over HTTP, with faults injected through its control
// API. Each creation must end with exactly one record on the service, whatever failed on the way.
// Faults are per merchant and apply to every call, so the injected `sleep` (run between attempts)
// clears them: the first attempt meets the fault, the retry does not.
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceClient, type ServiceClient } from "../client";
import { Unavailable } from "../errors";
import { verifyWebhook } from "../signature";

const SERVER = fileURLToPath(new URL("../../sandbox/server.ts", import.meta.url));

interface Sandbox {
  url: string;
  close(): Promise<void> | void;
}
interface Merchant {
  id: string;
  invoice_key: string;
  withdrawal_key: string;
}

const EVM_ADDRESS = "0x52908400098527886e0f7030069857d2e4169ee7";

describe.skipIf(!existsSync(SERVER))("service client against the sandbox", () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    const mod = (await import(/* @vite-ignore */ SERVER)) as {
      startSandboxServer(options: { port: number }): Promise<Sandbox>;
    };
    sandbox = await mod.startSandboxServer({ port: 0 });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  async function control(method: string, path: string, key: string | null, body?: unknown) {
    const res = await fetch(`${sandbox.url}/control${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        ...(key ? { authorization: `Bearer ${key}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`control ${method} ${path}: HTTP ${res.status} ${text}`);
    return text ? (JSON.parse(text) as unknown) : null;
  }

  const newMerchant = async (body: Record<string, unknown> = {}) =>
    (await control("POST", "/merchants", null, body)) as Merchant;
  const setFaults = (m: Merchant, faults: Record<string, unknown>) =>
    control("POST", "/faults", m.invoice_key, faults);
  const clearFaults = (m: Merchant) => control("DELETE", "/faults", m.invoice_key);

  async function balanceOf(m: Merchant, currency: string): Promise<string | undefined> {
    const body = (await control("GET", "/balances", m.invoice_key)) as unknown;
    const list = Array.isArray(body) ? body : ((body as { balances?: unknown[] }).balances ?? []);
    const row = (list as Array<{ currency: string; amount: string }>).find((b) => b.currency === currency);
    return row?.amount;
  }

  /** A client whose pause between attempts clears the merchant's faults; counts HTTP attempts. */
  function clientFor(m: Merchant, timeoutMs = 2_000): { client: ServiceClient; attempts: () => number } {
    let attempts = 0;
    const client = createServiceClient({
      baseUrl: sandbox.url,
      invoiceKey: m.invoice_key,
      withdrawalKey: m.withdrawal_key,
      timeoutMs,
      retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 },
      sleep: async () => {
        await clearFaults(m);
      },
      fetch: (input, init) => {
        attempts++;
        return fetch(input, init);
      },
    });
    return { client, attempts: () => attempts };
  }

  const invoiceInput = (orderId: string) => ({ orderId, amount: "25.00", fiatCurrency: "USD" });

  it("creates and reads an invoice, and a repeat order_id returns the same invoice", async () => {
    const m = await newMerchant();
    const { client } = clientFor(m);
    const created = await client.createInvoice({
      ...invoiceInput("inv_plain"),
      additionalData: { user_id: "u/1" },
    });
    expect(created.amount).toBe("25");
    expect(created.payUrl).toMatch(/^https?:\/\//);
    const read = await client.getInvoice(created.id);
    expect(read).toMatchObject({ id: created.id, status: "pending", additionalData: { user_id: "u/1" } });
    expect((await client.createInvoice(invoiceInput("inv_plain"))).id).toBe(created.id);
  });

  it("latency beyond the timeout: the retry with the same order_id yields one invoice", async () => {
    const m = await newMerchant();
    await setFaults(m, { latency_ms: 2_500 });
    const { client, attempts } = clientFor(m, 1_000);
    const invoice = await client.createInvoice(invoiceInput("inv_latency"));
    expect(attempts()).toBeGreaterThanOrEqual(2);
    // Let the abandoned first request finish on the server, then ask again.
    await new Promise((r) => setTimeout(r, 2_500));
    expect((await client.createInvoice(invoiceInput("inv_latency"))).id).toBe(invoice.id);
    expect((await client.getInvoice(invoice.id)).id).toBe(invoice.id);
  });

  it("a 5xx on the first call is retried and yields one invoice", async () => {
    const m = await newMerchant();
    await setFaults(m, { error_rate: 1 });
    const { client, attempts } = clientFor(m);
    const invoice = await client.createInvoice(invoiceInput("inv_5xx"));
    expect(attempts()).toBe(2);
    expect((await client.createInvoice(invoiceInput("inv_5xx"))).id).toBe(invoice.id);
  });

  it("a connection dropped after commit: the retry returns the committed invoice", async () => {
    const m = await newMerchant();
    await setFaults(m, { drop_after_commit_rate: 1 });
    const { client, attempts } = clientFor(m);
    const invoice = await client.createInvoice(invoiceInput("inv_drop"));
    expect(attempts()).toBe(2);
    expect((await client.createInvoice(invoiceInput("inv_drop"))).id).toBe(invoice.id);
  });

  it("without retries a dropped connection is Unavailable, yet the invoice exists", async () => {
    const m = await newMerchant();
    await setFaults(m, { drop_after_commit_rate: 1 });
    const client = createServiceClient({
      baseUrl: sandbox.url,
      invoiceKey: m.invoice_key,
      withdrawalKey: m.withdrawal_key,
      retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    });
    await expect(client.createInvoice(invoiceInput("inv_unknown"))).rejects.toBeInstanceOf(Unavailable);
    await clearFaults(m);
    const again = await client.createInvoice(invoiceInput("inv_unknown"));
    expect((await client.getInvoice(again.id)).id).toBe(again.id);
  });

  describe.each([
    ["latency beyond the timeout", { latency_ms: 2_500 }],
    ["a 5xx", { error_rate: 1 }],
    ["a connection dropped after commit", { drop_after_commit_rate: 1 }],
  ])("withdrawal with %s", (_label, faults) => {
    it("is created once and debits the balance once", async () => {
      const m = await newMerchant();
      await control("PUT", "/balances/USDT", m.invoice_key, { amount: "100" });
      await setFaults(m, faults);
      const { client, attempts } = clientFor(m, 1_000);
      const input = {
        orderId: `wd_${Object.keys(faults)[0]}`,
        amount: "10",
        currency: "USDT",
        network: "BSC",
        address: EVM_ADDRESS,
        isSubtract: false,
        additionalData: { note: "ü/🚀" },
      };
      const withdrawal = await client.createWithdrawal(input);
      expect(attempts()).toBeGreaterThanOrEqual(2);
      expect(withdrawal.amount).toBe("10");
      // is_subtract false: the fee comes off what the recipient gets.
      expect(new Decimal(withdrawal.fee ?? "0").gt(0)).toBe(true);
      expect(withdrawal.payoutAmount).toBe(new Decimal(10).minus(withdrawal.fee ?? "0").toFixed());
      if ("latency_ms" in faults) await new Promise((r) => setTimeout(r, 2_500));
      expect((await client.createWithdrawal(input)).id).toBe(withdrawal.id);
      expect(await balanceOf(m, "USDT")).toBe("90");
    });
  });

  it("maps the sandbox's 401, 404, 422 and insufficient funds", async () => {
    const m = await newMerchant();
    const { client } = clientFor(m);
    await expect(client.getInvoice("00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({
      kind: "not_found",
    });
    const bad = createServiceClient({ baseUrl: sandbox.url, invoiceKey: "nope", withdrawalKey: "nope" });
    await expect(bad.createInvoice(invoiceInput("inv_401"))).rejects.toMatchObject({ kind: "unauthorized" });
    await expect(
      client.createInvoice({ ...invoiceInput("inv_422"), fiatCurrency: "XXX" }),
    ).rejects.toMatchObject({
      kind: "validation_failed",
      source: "service",
      fieldErrors: { fiatCurrency: expect.any(Array) },
    });
    await expect(
      client.createWithdrawal({
        orderId: "wd_poor",
        amount: "5",
        currency: "USDT",
        network: "BSC",
        address: EVM_ADDRESS,
        isSubtract: true,
      }),
    ).rejects.toMatchObject({ kind: "insufficient_funds" });
    const wrongSigner = createServiceClient({
      baseUrl: sandbox.url,
      invoiceKey: "wrong",
      withdrawalKey: m.withdrawal_key,
    });
    await expect(
      wrongSigner.createWithdrawal({
        orderId: "wd_sig",
        amount: "5",
        currency: "USDT",
        network: "BSC",
        address: EVM_ADDRESS,
        isSubtract: true,
      }),
    ).rejects.toMatchObject({ kind: "invalid_sign" });
  });

  it("checkConnection reports keys accepted and rejected, and creates nothing", async () => {
    const m = await newMerchant();
    const { client } = clientFor(m);
    expect(await client.checkConnection()).toMatchObject({
      reachable: true,
      invoiceKey: "accepted",
      withdrawalKey: "accepted",
    });
    const bad = createServiceClient({
      baseUrl: sandbox.url,
      invoiceKey: "nope",
      withdrawalKey: m.withdrawal_key,
    });
    expect(await bad.checkConnection()).toMatchObject({
      reachable: true,
      invoiceKey: "rejected",
      withdrawalKey: "accepted",
    });
  });

  it("verifies the sandbox's webhooks with verifyWebhook (canonical php form)", async () => {
    const received: string[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8"));
        res.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    try {
      const port = (receiver.address() as AddressInfo).port;
      const m = await newMerchant({ webhook_url: `http://127.0.0.1:${port}/hook` });
      const { client } = clientFor(m);
      const invoice = await client.createInvoice({
        ...invoiceInput("inv_hook"),
        currency: "USDT",
        network: "TRON",
        additionalData: { user_id: "ü/1", note: "café ☕ 🎉", path: "a/b" },
      });
      await control("POST", `/invoices/${invoice.id}/payments`, m.invoice_key, { amount: "25" });
      for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(received.length).toBeGreaterThan(0);
      for (const body of received) {
        expect(verifyWebhook(body, m.invoice_key)).toEqual({ ok: true, form: "php" });
        expect(verifyWebhook(body, m.withdrawal_key).ok).toBe(false);
      }
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
