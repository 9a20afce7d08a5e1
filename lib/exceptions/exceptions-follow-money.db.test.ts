import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoiceEvents } from "@/lib/db/schema";
import { applyServiceInvoice } from "@/lib/invoices/apply-service-invoice";
import { invoiceRefunds } from "@/lib/refunds/invoice-refunds";
import { requestRefund } from "@/lib/refunds/request-refund";
import { invoiceResponseSchema } from "@/lib/service/responses";
import { applyServiceReport } from "@/lib/withdrawals/apply-service-report";
import {
  invoiceThatReceived,
  moveTo,
  refundForm,
  openMoneyTestDb,
  resolveAs,
} from "@/test-support/money-rows";
import { invoiceException } from "./invoice-exception";
import { listUnresolvedExceptions } from "./worklist";

const money = openMoneyTestDb();

async function paidOut(invoiceId: string, amount: string) {
  const refund = await requestRefund(money.db, refundForm(invoiceId, amount), money.people.support);
  await moveTo(money.db, refund.id, "submitted", { serviceId: `svc_${refund.orderId}` });
  await applyServiceReport(money.db, { orderId: refund.orderId, status: "paid" }, "webhook");
  return refund;
}

const onWorklist = async (invoiceId: string) =>
  (await listUnresolvedExceptions(money.db, 500)).find((row) => row.id === invoiceId);

describe("issue 22 case 7: exceptions follow the money", () => {
  it("a refund paid out resolves an overpayment only once refunds paid cover the excess; until then the card says what is left", async () => {
    const invoice = await invoiceThatReceived(money.db, { status: "overpaid", payments: ["10", "2.5"] });
    await paidOut(invoice.id, "0.5");

    expect((await invoiceException(money.db, invoice.id))?.resolution).toBeNull();
    expect((await onWorklist(invoice.id))?.atStake.crypto).toBe("2 USDT");
    expect(await invoiceRefunds(money.db, invoice.id)).toMatchObject({
      refundedSoFar: "0.5",
      toSettle: "2.5",
      leftToSettle: "2",
    });

    await paidOut(invoice.id, "2");
    expect((await invoiceException(money.db, invoice.id))?.resolution).toMatchObject({ how: "refunded" });
    expect(await onWorklist(invoice.id)).toBeUndefined();
  });

  it("new money on an invoice accepted as paid reopens it with the new amount at stake and a note in the trail", async () => {
    const { db } = money;
    const invoice = await invoiceThatReceived(db, { status: "underpaid", payments: ["9"] });
    await resolveAs(db, money.people.support, invoice.id, "accepted_as_paid", "Close enough.");
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
    const invoice = await invoiceThatReceived(money.db, { status: "overpaid", payments: ["10", "1"] });
    await paidOut(invoice.id, "1");
    expect((await invoiceRefunds(money.db, invoice.id))?.offersRefund).toBe(false);
  });
});
