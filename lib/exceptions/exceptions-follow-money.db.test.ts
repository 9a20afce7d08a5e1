import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoiceEvents, users } from "@/lib/db/schema";
import { applyServiceInvoice } from "@/lib/invoices/apply-service-invoice";
import { invoiceRefunds } from "@/lib/refunds/invoice-refunds";
import { requestRefund } from "@/lib/refunds/request-refund";
import { invoiceResponseSchema } from "@/lib/service/responses";
import { applyServiceReport } from "@/lib/withdrawals/apply-service-report";
import {
  invoiceThatReceived,
  moveTo,
  refundForm,
  seedMoneyPeople,
  type MoneyPeople,
} from "@/test-support/money-rows";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { invoiceException } from "./invoice-exception";
import { resolveException } from "./resolve-exception";
import { listUnresolvedExceptions } from "./worklist";

let testDb: TestDb;
let people: MoneyPeople;

beforeAll(async () => {
  testDb = await createTestDb();
  people = await seedMoneyPeople(testDb.db);
});
afterAll(() => testDb.close());

async function paidOut(invoiceId: string, amount: string) {
  const refund = await requestRefund(testDb.db, refundForm(invoiceId, amount), people.support);
  await moveTo(testDb.db, refund.id, "submitted", { serviceId: `svc_${refund.orderId}` });
  await applyServiceReport(testDb.db, { orderId: refund.orderId, status: "paid" }, "webhook");
  return refund;
}

const onWorklist = async (invoiceId: string) =>
  (await listUnresolvedExceptions(testDb.db, 500)).find((row) => row.id === invoiceId);

describe("issue 22 case 7: exceptions follow the money", () => {
  it("a refund paid out resolves an overpayment only once refunds paid cover the excess; until then the card says what is left", async () => {
    const invoice = await invoiceThatReceived(testDb.db, { status: "overpaid", payments: ["10", "2.5"] });
    await paidOut(invoice.id, "0.5");

    expect((await invoiceException(testDb.db, invoice.id))?.resolution).toBeNull();
    expect((await onWorklist(invoice.id))?.atStake.crypto).toBe("2 USDT");
    expect(await invoiceRefunds(testDb.db, invoice.id)).toMatchObject({
      refundedSoFar: "0.5",
      toSettle: "2.5",
      leftToSettle: "2",
    });

    await paidOut(invoice.id, "2");
    expect((await invoiceException(testDb.db, invoice.id))?.resolution).toMatchObject({ how: "refunded" });
    expect(await onWorklist(invoice.id)).toBeUndefined();
  });

  it("new money on an invoice accepted as paid reopens it with the new amount at stake and a note in the trail", async () => {
    const { db } = testDb;
    const invoice = await invoiceThatReceived(db, { status: "underpaid", payments: ["9"] });
    const [support] = await db.select().from(users).where(eq(users.id, people.support));
    await resolveException(
      db,
      { kind: "user", userId: people.support, email: support?.email },
      { invoiceId: invoice.id, kind: "accepted_as_paid", note: "Close enough." },
    );
    expect(await onWorklist(invoice.id)).toBeUndefined();

    // The customer sends 3 more: 12 of 10, overpaid by 2.
    const answer = invoiceResponseSchema.parse({
      id: invoice.serviceId,
      order_id: invoice.orderId,
      status: "paid_over",
      amount: "10",
      fiat_currency: "USD",
      crypto_amount: "10",
      paid_crypto_amount: "12",
      paid_fiat_amount: "12",
      currency: "USDT",
      network: "TRON",
      transactions: [
        { transaction_id: `tx_${invoice.orderId}_0`, amount: "9" },
        { transaction_id: "tx_late", amount: "3" },
      ],
    });
    await applyServiceInvoice(db, invoice.id, answer, "webhook");

    expect((await onWorklist(invoice.id))?.atStake.crypto).toBe("2 USDT");
    expect((await invoiceException(db, invoice.id))?.resolution).toBeNull();
    const trail = await db
      .select()
      .from(invoiceEvents)
      .where(and(eq(invoiceEvents.invoiceId, invoice.id), eq(invoiceEvents.kind, "exception_reopened")));
    expect(trail).toHaveLength(1);
    expect(JSON.stringify(trail[0]?.detail)).toMatch(/accepted as paid/i);
  });

  it("a resolved exception offers no refund", async () => {
    const invoice = await invoiceThatReceived(testDb.db, { status: "overpaid", payments: ["10", "1"] });
    await paidOut(invoice.id, "1");
    expect((await invoiceRefunds(testDb.db, invoice.id))?.offersRefund).toBe(false);
  });
});
