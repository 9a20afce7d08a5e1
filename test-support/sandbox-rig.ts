// Test support: the embedded sandbox over real HTTP, a node:http receiver that hands each webhook
// to the same handler the route uses, and the control API calls the integration tests need.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { invoices, type Invoice } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { recordInvoiceIntent, sendInvoice } from "@/lib/invoices/create-invoice";
import type { SandboxServer } from "@/lib/sandbox/server";
import { startSandboxOnCopiedPglite } from "@/lib/sandbox/test/sandbox-on-copied-pglite";
import { createServiceClient, type ServiceClient } from "@/lib/service";
import type { CreateInvoiceInput } from "@/lib/service/schemas";
import { handleWebhookRequest } from "@/lib/webhooks/handle-request";

const KEYS = { invoiceKey: "it-invoice-key", withdrawalKey: "it-withdrawal-key" };

export interface SandboxRig {
  sandbox: SandboxServer;
  client: ServiceClient;
  /** Webhook requests the receiver answered. */
  received: () => number;
  /** Resolves when every refresh scheduled after a response has finished. */
  settle: () => Promise<void>;
  control: (method: string, path: string, body?: unknown) => Promise<unknown>;
  createInvoice: (input: Omit<CreateInvoiceInput, "orderId" | "fiatCurrency">) => Promise<Invoice>;
  close: () => Promise<void>;
}

async function readAll(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startSandboxRig(db: Db, userId: string): Promise<SandboxRig> {
  let received = 0;
  const tasks = new Set<Promise<unknown>>();
  let client: ServiceClient | null = null;
  const receiver = createServer((req, res) => {
    void (async () => {
      const request = new Request("http://paydesk.test/api/webhooks/payments", {
        method: "POST",
        body: await readAll(req),
      });
      if (!client) throw new Error("webhook before the client exists");
      const response = await handleWebhookRequest(request, {
        db,
        client,
        invoiceKey: KEYS.invoiceKey,
        afterResponse: (task) => {
          const running = task().finally(() => tasks.delete(running));
          tasks.add(running);
        },
      });
      received++;
      res.writeHead(response.status, { "content-type": "application/json" }).end(await response.text());
    })();
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as AddressInfo).port;

  const sandbox = await startSandboxOnCopiedPglite({
    port: 0,
    demoMerchant: { ...KEYS, webhookUrl: `http://127.0.0.1:${port}/api/webhooks/payments` },
    webhookDelivery: { timeoutMs: 2000, baseDelayMs: 30, maxAttempts: 4 },
    sweepIntervalMs: 100,
  });
  client = createServiceClient({ baseUrl: sandbox.url, ...KEYS, retry: { attempts: 1 } });
  const serviceClient = client;

  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${sandbox.url}/control${path}`, {
      method,
      headers: { authorization: `Bearer ${KEYS.invoiceKey}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`control ${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as unknown;
  };

  let counter = 0;
  const createInvoice = async (input: Omit<CreateInvoiceInput, "orderId" | "fiatCurrency">) => {
    const orderId = `inv_it_${Date.now()}_${counter++}`;
    const intent = await recordInvoiceIntent(db, { orderId, fiatCurrency: "USD", ...input }, userId);
    const sent = await sendInvoice(db, serviceClient, intent.id, userId);
    if (!sent.ok) throw new Error(`sendInvoice: ${sent.message}`);
    return sent.invoice;
  };

  return {
    sandbox,
    client,
    received: () => received,
    settle: async () => {
      while (tasks.size > 0) await Promise.all([...tasks]);
    },
    control,
    createInvoice,
    close: async () => {
      await sandbox.close();
      await new Promise((resolve) => receiver.close(resolve));
    },
  };
}

export async function readInvoice(db: Db, id: string): Promise<Invoice> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw new Error(`invoice ${id} is gone`);
  return row;
}
