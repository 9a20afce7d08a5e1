import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { webhookEvents, withdrawals } from "@/lib/db/schema";
import { withdrawalTrail } from "@/lib/withdrawals/trail";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { seedRequester, seedWithdrawal } from "@/test-support/withdrawal-rows";
import { handleWebhookRequest } from "./handle-request";
import type { WebhookHandlers } from "./handler-types";
import { DEFAULT_WEBHOOK_HANDLERS } from "./handlers";
import { FakeService, signedWebhook, TEST_INVOICE_KEY } from "@/test-support/fake-service";

let testDb: TestDb;
let requester: string;

beforeAll(async () => {
  testDb = await createTestDb();
  requester = await seedRequester(testDb.db);
});
afterAll(() => testDb.close());
beforeEach(async () => {
  await testDb.db.delete(webhookEvents);
  await testDb.db.delete(withdrawals);
});

async function post(body: string, handlers: WebhookHandlers = DEFAULT_WEBHOOK_HANDLERS) {
  const pending: Promise<unknown>[] = [];
  const request = new Request("http://paydesk.test/api/webhooks/payments", { method: "POST", body });
  const response = await handleWebhookRequest(request, {
    db: testDb.db,
    client: new FakeService(),
    invoiceKey: TEST_INVOICE_KEY,
    afterResponse: (task) => pending.push(task()),
    handlers,
  });
  await Promise.all(pending);
  return response.status;
}

const webhook = (orderId: string, status: string, extra: Record<string, unknown> = {}) =>
  signedWebhook({
    type: "withdrawal",
    withdrawal_id: `svc_${orderId}`,
    order_id: orderId,
    status,
    is_final: ["paid", "fail", "cancel", "system_fail"].includes(status),
    amount: "10",
    txid: status === "paid" ? "tx_1" : null,
    ...extra,
  });
const seed = (
  orderId: string,
  row: Parameters<typeof seedWithdrawal>[2] extends infer R ? Partial<R> : never = {},
) =>
  seedWithdrawal(testDb.db, requester, {
    orderId,
    serviceId: `svc_${orderId}`,
    serviceStatus: "process",
    ...row,
  });
const rowOf = async (orderId: string) =>
  (await testDb.db.select().from(withdrawals).where(eq(withdrawals.orderId, orderId)))[0];
const auditOf = (id: string) => withdrawalTrail(testDb.db, id);
const lastEvent = async () =>
  (await testDb.db.select().from(webhookEvents).orderBy(webhookEvents.receivedAt)).at(-1);

describe(`withdrawal webhooks (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("paid moves a submitted withdrawal to paid, with an audit entry from the webhook", async () => {
    const local = await seed("wd_paid");
    expect(await post(webhook("wd_paid", "paid"))).toBe(200);
    expect(await rowOf("wd_paid")).toMatchObject({ state: "paid", serviceStatus: "paid" });
    expect((await rowOf("wd_paid"))?.serviceUpdatedAt).toBeInstanceOf(Date);
    expect(await auditOf(local.id)).toMatchObject([
      {
        source: "webhook",
        fromState: "submitted",
        toState: "paid",
        reason: "The service reports the payout paid.",
      },
    ]);
    expect(await lastEvent()).toMatchObject({
      outcome: "refreshed",
      outcomeDetail: "Submitted → Paid out (the service: paid out)",
    });
  });

  it.each([
    ["fail", "The service reports the payout failed."],
    ["cancel", "The service cancelled the payout."],
    ["system_fail", "The service reports a system failure; the payout was not made."],
  ])("%s moves it to service_failed with the reason in words", async (status, reason) => {
    const local = await seed(`wd_${status}`);
    await post(webhook(`wd_${status}`, status));
    expect(await rowOf(`wd_${status}`)).toMatchObject({ state: "service_failed", serviceStatus: status });
    expect((await auditOf(local.id))[0]).toMatchObject({ toState: "service_failed", reason });
  });

  it("check only records the service status, audited once per change", async () => {
    const local = await seed("wd_check");
    await post(webhook("wd_check", "check"));
    // The same news again in another body (a resend with other additional_data): nothing new.
    await post(webhook("wd_check", "check", { additional_data: { resend: 1 } }));
    expect(await rowOf("wd_check")).toMatchObject({ state: "submitted", serviceStatus: "check" });
    expect(await auditOf(local.id)).toMatchObject([
      {
        fromState: "submitted",
        toState: "submitted",
        reason: "The service reports “being checked before sending”.",
      },
    ]);
    expect(await lastEvent()).toMatchObject({ outcome: "unchanged" });
  });

  it("out of order: a late process or check after paid changes nothing, and check is not undone by process", async () => {
    const local = await seed("wd_late");
    await post(webhook("wd_late", "paid"));
    await post(webhook("wd_late", "check"));
    await post(webhook("wd_late", "process"));
    expect(await rowOf("wd_late")).toMatchObject({ state: "paid", serviceStatus: "paid" });
    expect(await auditOf(local.id)).toHaveLength(1);
    expect(await lastEvent()).toMatchObject({ outcome: "unchanged" });

    await seed("wd_swap");
    await post(webhook("wd_swap", "check"));
    await post(webhook("wd_swap", "process"));
    expect(await rowOf("wd_swap")).toMatchObject({ state: "submitted", serviceStatus: "check" });
  });

  it("a contradicting final status after paid makes it a conflict for finance, with both words", async () => {
    await seed("wd_contra");
    await post(webhook("wd_contra", "paid"));
    await post(webhook("wd_contra", "fail"));
    const row = await rowOf("wd_contra");
    expect(row).toMatchObject({ state: "conflict", serviceStatus: "fail" });
    expect(row?.reviewReason).toMatch(/Paid out here, but the service now reports “failed”/);
    expect(await lastEvent()).toMatchObject({ outcome: "conflict" });
  });

  it("duplicates are stored once and applied once", async () => {
    const local = await seed("wd_dup");
    const body = webhook("wd_dup", "paid");
    await Promise.all([post(body), post(body), post(body)]);
    const events = await testDb.db.select().from(webhookEvents);
    expect(events).toHaveLength(1);
    expect(events[0]?.duplicates).toBe(2);
    expect(await auditOf(local.id)).toHaveLength(1);
  });

  it("concurrent different deliveries for one withdrawal are serialised", async () => {
    const local = await seed("wd_race");
    await Promise.all(
      ["check", "paid", "process", "check"].map((status, i) => post(webhook("wd_race", status, { n: i }))),
    );
    expect(await rowOf("wd_race")).toMatchObject({ state: "paid", serviceStatus: "paid" });
    expect((await auditOf(local.id)).filter((entry) => entry.toState === "paid")).toHaveLength(1);
  });

  it("an unknown order_id is a payout Paydesk never made: a conflict on finance's worklist", async () => {
    expect(await post(webhook("wd_nobody", "paid"))).toBe(200);
    expect(await lastEvent()).toMatchObject({ outcome: "conflict", resourceType: "withdrawal" });
  });

  it("an unverified webhook never reaches the handler and changes nothing", async () => {
    await seed("wd_forged");
    const handler = vi.fn();
    const forged = signedWebhook({ type: "withdrawal", order_id: "wd_forged", status: "paid" }, "wrong-key");
    expect(await post(forged, { withdrawal: handler })).toBe(401);
    expect(handler).not.toHaveBeenCalled();
    expect(await rowOf("wd_forged")).toMatchObject({ state: "submitted", serviceStatus: "process" });
    expect(await lastEvent()).toMatchObject({ verified: false });
  });

  it("an unknown outcome adopts the service id on non-final news and is due for an immediate resubmit", async () => {
    const later = new Date(Date.now() + 60_000);
    await seed("wd_lost", {
      state: "unknown",
      serviceId: null,
      serviceStatus: null,
      serviceAmount: null,
      nextSubmitAt: later,
    });
    await post(webhook("wd_lost", "process"));
    const row = await rowOf("wd_lost");
    expect(row).toMatchObject({
      state: "unknown",
      serviceId: "svc_wd_lost",
      serviceStatus: "process",
      serviceAmount: "10",
    });
    expect(row?.nextSubmitAt?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await lastEvent()).toMatchObject({ outcome: "refreshed" });

    await post(webhook("wd_lost", "paid"));
    expect(await rowOf("wd_lost")).toMatchObject({ state: "paid", nextSubmitAt: null });
  });

  it("a final status while the submission is in flight is recorded for the loop to settle", async () => {
    await seed("wd_flight", { state: "submitting", serviceId: null, serviceStatus: null });
    await post(webhook("wd_flight", "paid"));
    expect(await rowOf("wd_flight")).toMatchObject({
      state: "submitting",
      serviceStatus: "paid",
      serviceId: "svc_wd_flight",
    });
  });

  it("a webhook naming another service id, or a withdrawal never sent, makes it a conflict for finance", async () => {
    await seed("wd_other", { serviceId: "svc_someone_else" });
    await post(webhook("wd_other", "paid"));
    expect(await rowOf("wd_other")).toMatchObject({ state: "conflict", serviceId: "svc_someone_else" });
    expect(await lastEvent()).toMatchObject({ outcome: "conflict" });

    await seed("wd_pending", { state: "awaiting_approval", serviceId: null, serviceStatus: null });
    await post(webhook("wd_pending", "paid"));
    expect(await rowOf("wd_pending")).toMatchObject({ state: "conflict", serviceStatus: "paid" });
    expect((await lastEvent())?.outcomeDetail).toMatch(/awaiting approval here/);
  });
});
