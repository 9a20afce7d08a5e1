import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, invoiceEvents, invoices } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { recordInvoiceIntent, sendInvoice } from "@/lib/invoices/create-invoice";
import { listUnsentInvoices } from "@/lib/invoices/unsent-invoices";
import { Unavailable, ValidationFailed, type ServiceClient } from "@/lib/service";
import { invoiceResponseSchema } from "@/lib/service/responses";
import type { CreateInvoiceInput } from "@/lib/service/schemas";
import { seedUser } from "@/test-support/fake-service";
import { createTestDb, openSecondInstanceDb, type TestDb } from "@/test-support/test-db";
import { InvoiceResender } from "./invoice-resender";

/**
 * A service that records every createInvoice (the request as sent), how many calls for one order
 * id were in flight at once, and answers after a delay, or when a test opens its gate.
 */
class FakeCreationService implements ServiceClient {
  readonly callBudgetMs = 10_000;
  readonly requests: CreateInvoiceInput[] = [];
  readonly maxInFlight = new Map<string, number>();
  private readonly inFlight = new Map<string, number>();
  private arrived: (() => void) | null = null;
  delayMs = 5;
  gate: Promise<void> | null = null;
  failWith: Error | null = null;

  callsFor(orderId: string) {
    return this.requests.filter((request) => request.orderId === orderId).length;
  }

  /** Resolves when the next call arrives. */
  nextCall(): Promise<void> {
    return new Promise((resolve) => (this.arrived = resolve));
  }

  async createInvoice(input: CreateInvoiceInput) {
    this.requests.push(input);
    const now = (this.inFlight.get(input.orderId) ?? 0) + 1;
    this.inFlight.set(input.orderId, now);
    this.maxInFlight.set(input.orderId, Math.max(now, this.maxInFlight.get(input.orderId) ?? 0));
    this.arrived?.();
    try {
      await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      if (this.gate) await this.gate;
      if (this.failWith) throw this.failWith;
      return invoiceResponseSchema.parse({
        id: `svc_${input.orderId}`,
        status: "pending",
        amount: input.amount,
        fiat_currency: input.fiatCurrency,
        order_id: input.orderId,
        created_at: Math.floor(Date.now() / 1000),
      });
    } finally {
      this.inFlight.set(input.orderId, (this.inFlight.get(input.orderId) ?? 1) - 1);
    }
  }

  async getInvoice(): Promise<never> {
    throw new Error("not used");
  }
  createWithdrawal(): never {
    throw new Error("not used");
  }
  checkConnection(): never {
    throw new Error("not used");
  }
}

let testDb: TestDb;
let userId: string;
let service: FakeCreationService;
const silent = { warn: () => {}, info: () => {}, debug: () => {} };
const resender = (db: Db = testDb.db) =>
  new InvoiceResender({ db, client: () => service, batchSize: 100, log: silent });
const timeout = () => new Unavailable("timeout", "no answer in time");

beforeAll(async () => {
  testDb = await createTestDb();
  userId = await seedUser(testDb.db);
});
afterAll(() => testDb.close());
beforeEach(async () => {
  await testDb.db.delete(invoices);
  service = new FakeCreationService();
});

const request = (orderId: string): CreateInvoiceInput => ({
  orderId,
  amount: "12.50",
  fiatCurrency: "EUR",
  additionalData: { user_id: "cust-7" },
});
const readRow = async (orderId: string) => {
  const [row] = await testDb.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!row) throw new Error(`no invoice ${orderId}`);
  return row;
};
/** Every wait the loop set (a backoff, a lease) passes, as if the clock moved on. */
const letWaitsPass = () =>
  testDb.db
    .update(invoices)
    .set({ nextSendAt: sql`now() - interval '1 second'` })
    .where(isNotNull(invoices.nextSendAt));

/** The intent recorded and its call started, then the process died: only the lease is left. */
async function diedMidCall(orderId: string) {
  const intent = await recordInvoiceIntent(testDb.db, request(orderId), userId);
  await testDb.db
    .update(invoices)
    .set({ sendAttempts: 1, nextSendAt: sql`now() - interval '1 second'` })
    .where(eq(invoices.id, intent.id));
  return intent;
}

describe(`the loop that resends invoice creations (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("sends a creation left in 'sending' by a dead process again, with the same order id and request", async () => {
    const intent = await diedMidCall("inv_died");
    const report = await resender().runOnce();
    expect(report).toMatchObject({ due: 1, created: 1 });
    expect(service.requests).toEqual([request("inv_died")]);
    expect(await readRow("inv_died")).toMatchObject({
      creationState: "created",
      serviceId: "svc_inv_died",
      nextSendAt: null,
      sendAttempts: 2,
    });
    const events = await testDb.db.select().from(invoiceEvents).where(eq(invoiceEvents.invoiceId, intent.id));
    expect(events).toEqual([expect.objectContaining({ kind: "created", source: "loop", actorId: null })]);
    const audit = await testDb.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectId, intent.id), eq(auditLog.action, "invoice.sent_again")));
    expect(audit).toEqual([expect.objectContaining({ actorKind: "system", actorId: null })]);
  });

  it("after 20 failed attempts stops sending, and the invoice waits on the worklist until a person sends it", async () => {
    service.failWith = timeout();
    const intent = await recordInvoiceIntent(testDb.db, request("inv_down"), userId);
    const first = await sendInvoice(testDb.db, service, intent, userId);
    expect(first).toMatchObject({ ok: false, retryable: true });
    expect(await listUnsentInvoices(testDb.db)).toEqual([]);

    for (let round = 0; round < 25; round++) {
      await letWaitsPass();
      await resender().runOnce();
    }
    expect(service.callsFor("inv_down")).toBe(20);
    expect(await readRow("inv_down")).toMatchObject({
      creationState: "sending",
      sendAttempts: 20,
      nextSendAt: null,
    });
    expect(await listUnsentInvoices(testDb.db)).toEqual([
      expect.objectContaining({
        id: intent.id,
        orderId: "inv_down",
        amount: "12.50",
        fiatCurrency: "EUR",
        lastError: timeout().userMessage,
        sendAttempts: 20,
      }),
    ]);

    // A person's Send again gives the loop a fresh budget.
    await sendInvoice(testDb.db, service, intent.id, userId);
    const again = await readRow("inv_down");
    expect(again.sendAttempts).toBe(1);
    expect(again.nextSendAt?.getTime()).toBeGreaterThan(Date.now());
    expect(await listUnsentInvoices(testDb.db)).toEqual([]);
  });

  it("two loops running at once send each due creation exactly once", async () => {
    const orderIds = Array.from({ length: 30 }, (_, i) => `inv_two_${i}`);
    for (const orderId of orderIds) await diedMidCall(orderId);
    service.delayMs = 20;
    const other = await openSecondInstanceDb(testDb);
    const reports = await Promise.all([resender().runOnce(), resender(other.db).runOnce()]).finally(() =>
      other.close(),
    );
    expect(reports[0].created + reports[1].created).toBe(30);
    expect(service.requests).toHaveLength(30);
    expect(orderIds.map((orderId) => service.callsFor(orderId))).toEqual(orderIds.map(() => 1));
    const rows = await testDb.db.select().from(invoices);
    expect(rows.every((row) => row.creationState === "created" && row.nextSendAt === null)).toBe(true);

    const again = await Promise.all([resender().runOnce(), resender().runOnce()]);
    expect(again.map((report) => report.due)).toEqual([0, 0]);
    expect(service.requests).toHaveLength(30);
  });

  it("never sends while a person's call for the same invoice is still in flight", async () => {
    const intent = await diedMidCall("inv_person");
    let open = () => {};
    service.gate = new Promise((resolve) => (open = resolve));
    const arrived = service.nextCall();
    const person = sendInvoice(testDb.db, service, intent.id, userId);
    await arrived;
    const report = await resender().runOnce();
    open();
    expect(await person).toMatchObject({ ok: true });
    expect(report.due).toBe(0);
    expect(service.callsFor("inv_person")).toBe(1);
    expect(service.maxInFlight.get("inv_person")).toBe(1);
  });

  it("a refusal ends it: the invoice is refused, not sent again, not on the list of unsent ones", async () => {
    await diedMidCall("inv_refused");
    service.failWith = new ValidationFailed({ fiatCurrency: ["Unknown currency."] }, [], "service");
    expect(await resender().runOnce()).toMatchObject({ due: 1, rejected: 1 });
    await letWaitsPass();
    expect((await resender().runOnce()).due).toBe(0);
    expect(await readRow("inv_refused")).toMatchObject({ creationState: "rejected", nextSendAt: null });
    expect(await listUnsentInvoices(testDb.db)).toEqual([]);
  });
});
