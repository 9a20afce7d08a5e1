/**
 * Test harness: a sandbox over real HTTP (in-memory PGlite, ephemeral port), a webhook receiver
 * on node:http, and small helpers. Signatures here are computed independently of the sandbox
 * (JSON.stringify + slash escaping + node:crypto), so the tests check the scheme, not the code.
 * Every request goes through checkedFetch, which validates the response against the OpenAPI document.
 */
import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { SandboxServer, SandboxServerOptions } from "../server";
import { startSandboxOnCopiedPglite } from "./sandbox-on-copied-pglite";
import { OpenApiResponseValidator } from "./openapi-validator";

export type Json = Record<string, unknown>;

export interface Merchant {
  id: string;
  invoiceKey: string;
  withdrawalKey: string;
}

let validator: Promise<OpenApiResponseValidator> | null = null;

/**
 * fetch() against the sandbox, relative to its base URL or absolute; every response is checked
 * against the OpenAPI document, so an undocumented one fails the test that received it.
 */
export async function checkedFetch(
  server: SandboxServer,
  pathOrUrl: string,
  init: RequestInit = {},
): Promise<{ res: Response; text: string }> {
  const url = pathOrUrl.startsWith("/") ? server.url + pathOrUrl : pathOrUrl;
  if (!url.startsWith(server.url + "/")) throw new Error(`not a sandbox URL: ${url}`);
  const res = await fetch(url, init);
  const text = await res.text();
  validator ??= OpenApiResponseValidator.create();
  (await validator).assert({
    method: init.method ?? "GET",
    path: url.slice(server.url.length),
    status: res.status,
    headers: res.headers,
    text,
  });
  return { res, text };
}

export class Client {
  constructor(readonly server: SandboxServer) {}

  async call(
    method: string,
    path: string,
    key: string | null,
    body?: unknown,
  ): Promise<{ status: number; body: Json; text: string }> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (key !== null) headers.authorization = `Bearer ${key}`;
    let payload: string | undefined;
    if (body !== undefined) {
      headers["content-type"] = "application/json";
      payload = typeof body === "string" ? body : JSON.stringify(body);
    }
    const { res, text } = await checkedFetch(this.server, path, { method, headers, body: payload });
    let parsed: Json = {};
    try {
      parsed = text ? (JSON.parse(text) as Json) : {};
    } catch {
      parsed = {};
    }
    return { status: res.status, body: parsed, text };
  }

  async merchant(webhookUrl?: string): Promise<Merchant> {
    const r = await this.call(
      "POST",
      "/control/merchants",
      null,
      webhookUrl ? { webhook_url: webhookUrl } : {},
    );
    if (r.status !== 200) throw new Error(`merchant: ${r.status} ${r.text}`);
    return {
      id: String(r.body.id),
      invoiceKey: String(r.body.invoice_key),
      withdrawalKey: String(r.body.withdrawal_key),
    };
  }

  createInvoice(m: Merchant, body: Json | string) {
    return this.call("POST", "/v1/invoices", m.invoiceKey, body);
  }

  getInvoice(m: Merchant, id: string) {
    return this.call("GET", `/v1/invoices/${id}`, m.invoiceKey);
  }

  pay(m: Merchant, invoiceId: string, body: Json) {
    return this.call("POST", `/control/invoices/${invoiceId}/payments`, m.invoiceKey, body);
  }

  setBalance(m: Merchant, currency: string, amount: string) {
    return this.call("PUT", `/control/balances/${currency}`, m.invoiceKey, { amount });
  }

  async balance(m: Merchant, currency: string): Promise<string> {
    const r = await this.call("GET", "/control/balances", m.invoiceKey);
    const list = r.body.balances as { currency: string; amount: string }[];
    return list.find((b) => b.currency === currency)?.amount ?? "0";
  }

  /** Signs with the merchant's invoice key, then posts with the withdrawal key. */
  withdraw(m: Merchant, payload: Json, opts: { sign?: string; key?: string } = {}) {
    const body = { ...payload, sign: opts.sign ?? independentSign(payload, m.invoiceKey) };
    return this.call("POST", "/v1/withdrawals", opts.key ?? m.withdrawalKey, body);
  }

  webhooks(m: Merchant, orderId: string) {
    return this.call("GET", `/control/webhooks?order_id=${encodeURIComponent(orderId)}`, m.invoiceKey);
  }
}

/** PHP json_encode(…, JSON_UNESCAPED_UNICODE) of a JSON.parse-able value, done the plain way. */
export function phpJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll("/", "\\/")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}

export function independentSign(payload: Json, key: string): string {
  const rest = Object.fromEntries(Object.entries(payload).filter(([k]) => k !== "sign"));
  return createHmac("sha256", key).update(phpJson(rest), "utf8").digest("hex");
}

export async function startTestSandbox(options: SandboxServerOptions = {}) {
  const server = await startSandboxOnCopiedPglite({
    port: 0,
    webhookDelivery: { timeoutMs: 2000, baseDelayMs: 30, maxAttempts: 4 },
    sweepIntervalMs: 100,
    ...options,
  });
  return { server, client: new Client(server) };
}

export interface ReceivedWebhook {
  body: Json;
  raw: string;
  at: number;
}

/** A webhook receiver; `respond` decides the status of each call (default 200). */
export async function startReceiver(respond: (n: number, req: IncomingMessage) => number = () => 200) {
  const received: ReceivedWebhook[] = [];
  const waiters: (() => void)[] = [];
  let calls = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      calls += 1;
      const status = respond(calls, req);
      const raw = Buffer.concat(chunks).toString("utf8");
      if (status >= 200 && status < 300)
        received.push({ body: JSON.parse(raw) as Json, raw, at: Date.now() });
      res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "nope");
      waiters.splice(0).forEach((w) => w());
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    received,
    get calls() {
      return calls;
    },
    /** Resolves once `predicate` holds over what has been received (or rejects after timeoutMs). */
    async waitFor(
      predicate: (r: ReceivedWebhook[]) => boolean,
      timeoutMs = 5000,
    ): Promise<ReceivedWebhook[]> {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline)
          throw new Error(
            `webhooks not received in time; got ${JSON.stringify(received.map((r) => r.body))}`,
          );
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
      return received;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export const orderId = (prefix = "ord") => `${prefix}_${randomUUID().replaceAll("-", "")}`;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const VALID_ADDRESSES = {
  TRON: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
  ETH: "0xdAC17F958D2ee523a2206206994597C13D831ec7",
  BSC: "0x55d398326f99059fF775485246999027B3197955",
  BTC: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
  LTC: "LaMT348PWRnrqeeWArpwQPbuanpXDZGEUz",
} as const;
