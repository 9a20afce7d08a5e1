import Decimal from "decimal.js";
import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, invoiceTransactions } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { exceptionKind } from "@/lib/exceptions/exception-status";
import { FakeService, seedInvoice } from "@/test-support/fake-service";
import { ServiceInvoiceModel } from "@/test-support/invoice-service-model";
import { checkModel, MODEL_RUNS, MODEL_TIMEOUT_MS } from "@/test-support/model-runs";
import { createTestDb, openSecondInstanceDb, type TestDb } from "@/test-support/test-db";
import { CoalescedRuns } from "./coalesced-runs";
import { statusRank } from "./evidence";
import { readAndApplyInvoice, type RefreshOutcome } from "./refresh-invoice";
import { asInvoiceStatus, type InvoiceStatus } from "./status";

// Model-based: the service's invoice evolves (payments, expiry, late payments) while refreshes
// from this instance, another instance and an unserialised path read it, and their answers come
// back in whatever order fast-check's scheduler picks. After every step the stored invoice has
// only moved forward in evidence; once everything has settled and one more refresh has run, it
// says what the service says. PAYDESK_MODEL_RUNS sets the number of runs (200 by default; the
// nightly `npm run test:models` runs more); PAYDESK_MODEL_SEED and PAYDESK_MODEL_PATH replay one.
const THIS_FILE = "lib/invoices/refreshes-out-of-order.model.db.test.ts";

type Via = "this instance" | "another instance" | "unserialised";
type Step = { pay: string } | { expire: true } | { refresh: Via } | { deliver: number };

const plans = fc.array(
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom("1", "2.5", "4", "6").map((pay): Step => ({ pay })) },
    { weight: 1, arbitrary: fc.constant<Step>({ expire: true }) },
    {
      weight: 4,
      arbitrary: fc
        .constantFrom<Via>("this instance", "another instance", "unserialised")
        .map((refresh): Step => ({ refresh })),
    },
    { weight: 4, arbitrary: fc.integer({ min: 1, max: 3 }).map((deliver): Step => ({ deliver })) },
  ),
  { minLength: 1, maxLength: 24 },
);

interface Seen {
  status: InvoiceStatus;
  isFinal: boolean;
  serviceStatus: string | null;
  paidCrypto: Decimal;
  paidFiat: Decimal;
  payments: number;
}

let testDb: TestDb;
let other: { db: Db; close(): Promise<void> };

beforeAll(async () => {
  testDb = await createTestDb();
  other = await openSecondInstanceDb(testDb);
});
afterAll(async () => {
  await other.close();
  await testDb.close();
});

async function observe(invoiceId: string): Promise<Seen> {
  const [row] = await testDb.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  const [payments] = await testDb.db
    .select({ count: count() })
    .from(invoiceTransactions)
    .where(eq(invoiceTransactions.invoiceId, invoiceId));
  if (!row) throw new Error("the invoice vanished");
  return {
    status: asInvoiceStatus(row.status),
    isFinal: row.isFinal,
    serviceStatus: row.serviceStatus,
    paidCrypto: new Decimal(row.paidCryptoAmount ?? 0),
    paidFiat: new Decimal(row.paidFiatAmount ?? 0),
    payments: payments?.count ?? 0,
  };
}

const show = (seen: Seen) =>
  `${seen.serviceStatus} (${seen.status}${seen.isFinal ? ", final" : ""}), paid ${seen.paidCrypto.toFixed()}, ${seen.payments} payment(s)`;

function expectForward(before: Seen, after: Seen) {
  const move = `${show(before)} -> ${show(after)}`;
  expect(after.payments, `fewer payments: ${move}`).toBeGreaterThanOrEqual(before.payments);
  expect(after.paidCrypto.gte(before.paidCrypto), `less received (crypto): ${move}`).toBe(true);
  expect(after.paidFiat.gte(before.paidFiat), `less received (fiat): ${move}`).toBe(true);
  if (before.isFinal) {
    expect(after.isFinal, `a final status undone: ${move}`).toBe(true);
    expect(statusRank(after.status, true), `a final status lowered: ${move}`).toBeGreaterThanOrEqual(
      statusRank(before.status, true),
    );
  }
}

function expectNotAhead(seen: Seen, model: ServiceInvoiceModel) {
  expect(seen.payments).toBeLessThanOrEqual(model.paymentCount);
  expect(seen.paidCrypto.lte(model.paid)).toBe(true);
}

let runs = 0;

const property = fc.asyncProperty(fc.scheduler(), plans, async (scheduler, plan) => {
  const orderId = `model_${++runs}`;
  const model = new ServiceInvoiceModel(`svc_${orderId}`, orderId);
  const service = new FakeService();
  service.set(model.serviceId, model.record());
  const { id } = await seedInvoice(testDb.db, orderId, { serviceId: model.serviceId, nextRefreshAt: null });

  // A refresh is busy while it works on the database, parked while its answer is on the way back
  // (the scheduler lets it through). Steps run only when nothing is busy, so a run replays exactly.
  let busy = 0;
  service.beforeAnswer = async (_id, record) => {
    busy--;
    try {
      await scheduler.schedule(
        Promise.resolve(),
        `answer: ${String(record?.status)}, paid ${String(record?.paid_crypto_amount)}`,
      );
    } finally {
      busy++;
    }
  };
  const quiet = async () => {
    do await new Promise((resolve) => setImmediate(resolve));
    while (busy > 0);
  };
  const instances = {
    "this instance": new CoalescedRuns<RefreshOutcome>(),
    "another instance": new CoalescedRuns<RefreshOutcome>(),
  };
  const refreshes: Promise<RefreshOutcome>[] = [];
  const refresh = (via: Via) => {
    const db = via === "another instance" ? other.db : testDb.db;
    const once = () => {
      busy++;
      return readAndApplyInvoice(db, service, id, "loop").finally(() => busy--);
    };
    refreshes.push(via === "unserialised" ? once() : instances[via].run(id, once));
  };
  const deliverOne = async () => {
    if (scheduler.count() === 0) return false;
    await scheduler.waitNext(1);
    await quiet();
    return true;
  };

  let seen = await observe(id);
  const check = async () => {
    const now = await observe(id);
    expectForward(seen, now);
    expectNotAhead(now, model);
    seen = now;
  };
  for (const step of plan) {
    if ("pay" in step) model.pay(step.pay);
    if ("expire" in step) model.expire();
    if ("pay" in step || "expire" in step) service.set(model.serviceId, model.record());
    if ("refresh" in step) refresh(step.refresh);
    if ("deliver" in step) for (let i = 0; i < step.deliver; i++) await deliverOne();
    await quiet();
    await check();
  }
  while (await deliverOne()) await check();
  // After the last change, one more refresh (the webhook it sends, or the loop's next poll).
  refresh("this instance");
  await quiet();
  while (await deliverOne()) await check();
  const outcomes = await Promise.all(refreshes);
  expect(outcomes.every((outcome) => outcome.ok)).toBe(true);

  expect(show(seen)).toBe(
    show({
      ...seen,
      serviceStatus: model.status,
      paidCrypto: model.paid,
      paidFiat: model.paid,
      payments: model.paymentCount,
    }),
  );
  const [row] = await testDb.db.select().from(invoices).where(eq(invoices.id, id));
  if (model.status === "paid_over") expect(row && exceptionKind(row)).toBe("overpaid");
});

describe(`invoice refreshes answered out of order (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it(
    `never moves an invoice backwards, and ends where the service is (${MODEL_RUNS} runs)`,
    () => checkModel(property, THIS_FILE),
    MODEL_TIMEOUT_MS,
  );
});
