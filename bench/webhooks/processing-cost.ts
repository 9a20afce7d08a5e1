/**
 * `node --conditions=react-server --import tsx bench/webhooks/processing-cost.ts [events]`: what
 * processing a stored webhook costs this process, the service answering at once (FakeService),
 * on in-memory PGlite (or on PostgreSQL under TEST_DATABASE_URL): one event at a time
 * (processWebhookEvent, as before issue 24) against batches of 100 (processWebhookEvents), for
 * known invoices and for unknown orders, in turns. Wall time and this process's CPU per event.
 */
import { sql } from "drizzle-orm";
import { storeWebhookEvent } from "@/lib/webhooks/store-event";
import { processWebhookEvent } from "@/lib/webhooks/process-event";
import { processWebhookEvents } from "@/lib/webhooks/process-events";
import { parseWebhookBody, summariseWebhook } from "@/lib/webhooks/payload";
import { FakeService, seedInvoice, signedWebhook } from "@/test-support/fake-service";
import { createTestDb } from "@/test-support/test-db";
import { round } from "../measure";

const events = Number(process.argv[2] ?? 1_000);
const testDb = await createTestDb();
const service = new FakeService();
let serial = 0;

async function stored(known: boolean): Promise<{ id: string; parsed: ReturnType<typeof parsedOf> }[]> {
  const batch = [];
  for (let i = 0; i < events; i++) {
    const orderId = `${known ? "known" : "unknown"}-${serial++}`;
    if (known) {
      await seedInvoice(testDb.db, orderId);
      service.set(`svc_${orderId}`, { status: "pending", order_id: orderId });
    }
    const body = signedWebhook({
      type: "invoice",
      invoice_id: `svc_${orderId}`,
      order_id: orderId,
      status: "pending",
    });
    const parsed = parsedOf(body);
    const event = await storeWebhookEvent(testDb.db, {
      rawBody: body,
      payload: parsed.payload,
      verified: true,
      signingKey: "current",
      signatureForm: "php",
      summary: parsed.summary,
    });
    batch.push({ id: event.id, parsed });
  }
  return batch;
}

function parsedOf(body: string) {
  const payload = parseWebhookBody(body);
  if (!payload) throw new Error("unparseable");
  return { payload, summary: summariseWebhook(payload) };
}

async function timed(name: string, run: () => Promise<void>) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await run();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const pending = (await testDb.db.execute(
    sql`select count(*)::int as n from webhook_events where outcome = 'pending'`,
  )) as unknown as { rows: { n: number }[] };
  return {
    name,
    perSecond: round((events * 1000) / ms, 0),
    cpuMsPerEvent: round((used.user + used.system) / 1000 / events, 2),
    stillPending: pending.rows[0]?.n,
  };
}

const results = [];
for (const known of [true, false]) {
  for (let round_ = 0; round_ < 2; round_++) {
    const one = await stored(known);
    results.push(
      await timed(`${known ? "known invoices" : "unknown orders"}, one at a time`, async () => {
        for (const { id, parsed } of one)
          await processWebhookEvent(testDb.db, service, id, undefined, parsed);
      }),
    );
    const many = await stored(known);
    results.push(
      await timed(`${known ? "known invoices" : "unknown orders"}, batches of 100`, async () => {
        for (let i = 0; i < many.length; i += 100)
          await processWebhookEvents(testDb.db, service, many.slice(i, i + 100));
      }),
    );
  }
}
console.table(results);
await testDb.close();
process.exit(0);
