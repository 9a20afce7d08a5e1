/**
 * Invoices for the webhook benchmark, created the way Paydesk creates them: first in the embedded
 * sandbox over its HTTP API (so each webhook's refresh has a real invoice to read), then as the
 * matching local rows, inserted directly (creating 10,000 through the browser form would measure
 * the form, not the receiver).
 */
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/types";
import { BENCH_SANDBOX_KEYS } from "../bench-users";

export interface BenchInvoice {
  serviceId: string;
  orderId: string;
  amount: string;
}

export async function createSandboxInvoices(
  baseUrl: string,
  count: number,
  { concurrency = 16, prefix = "wh" } = {},
): Promise<BenchInvoice[]> {
  const created: BenchInvoice[] = new Array(count);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) {
      const orderId = `${prefix}-${index}`;
      const amount = `${10 + (index % 500)}.00`;
      const response = await fetch(`${baseUrl}/sandbox/v1/invoices`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${BENCH_SANDBOX_KEYS.invoiceKey}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ amount, fiat_currency: "USD", order_id: orderId, lifetime: 43200 }),
      });
      if (!response.ok)
        throw new Error(`sandbox invoice ${orderId}: ${response.status} ${await response.text()}`);
      const { id } = (await response.json()) as { id: string };
      created[index] = { serviceId: id, orderId, amount };
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return created;
}

/**
 * Expires `invoices` in the sandbox, with the merchant's webhook URL cleared first so the sandbox
 * sends no webhooks of its own about them (the server restarts with it set again). The warm-up's
 * invoices: refreshed as final, the background loop never polls them during the timed runs.
 */
export async function expireSandboxInvoices(
  baseUrl: string,
  invoices: readonly BenchInvoice[],
  { concurrency = 16 } = {},
): Promise<void> {
  const authorization = `Bearer ${BENCH_SANDBOX_KEYS.invoiceKey}`;
  const cleared = await fetch(`${baseUrl}/sandbox/control/merchant`, {
    method: "PUT",
    headers: { authorization, "content-type": "application/json" },
    body: JSON.stringify({ webhook_url: null }),
  });
  if (!cleared.ok)
    throw new Error(`clearing the sandbox's webhook URL: ${cleared.status} ${await cleared.text()}`);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < invoices.length; index = next++) {
      const { serviceId } = invoices[index] as BenchInvoice;
      const response = await fetch(`${baseUrl}/sandbox/control/invoices/${serviceId}/expire`, {
        method: "POST",
        headers: { authorization },
      });
      if (!response.ok) throw new Error(`expiring ${serviceId}: ${response.status} ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Paydesk's own rows for those invoices, as a confirmed creation leaves them. */
export async function insertLocalInvoices(db: Db, invoices: readonly BenchInvoice[]): Promise<void> {
  const batch = 1_000;
  for (let start = 0; start < invoices.length; start += batch) {
    const rows = invoices.slice(start, start + batch);
    await db.execute(sql`
      insert into invoices (order_id, creation_state, request, amount, fiat_currency, service_id,
        service_status, status, is_final, expires_at)
      select r.order_id, 'created', '{}'::jsonb, r.amount::numeric, 'USD', r.service_id,
        'pending', 'open', false, now() + interval '12 hours'
      from jsonb_to_recordset(${JSON.stringify(
        rows.map((row) => ({ order_id: row.orderId, service_id: row.serviceId, amount: row.amount })),
      )}::jsonb) as r(order_id text, service_id text, amount text)`);
  }
}
