import { describe, expect, it } from "vitest";
import { applyServiceInvoice } from "@/lib/invoices/apply-service-invoice";
import { recordInvoiceIntent } from "@/lib/invoices/create-invoice";
import { newOrderId } from "@/lib/order-id";
import { requestRefund } from "@/lib/refunds/request-refund";
import type { ServiceInvoice } from "@/lib/service";
import { applyServiceReport } from "@/lib/withdrawals/apply-service-report";
import { moveTo, openMoneyTestDb, refundForm } from "@/test-support/money-rows";
import { invoiceException } from "./invoice-exception";
import { listUnresolvedExceptions } from "./worklist";

const money = openMoneyTestDb();

const onWorklist = async (invoiceId: string) =>
  (await listUnresolvedExceptions(money.db, 500)).find((row) => row.id === invoiceId);

const payment = (txid: string, amount: string) => ({
  transactionId: txid,
  amount,
  sourceWallet: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
  currency: "USDT",
  network: "TRON",
  createdAt: new Date(),
});

function answer(orderId: string, status: string, paid: string, payments: ServiceInvoice["transactions"]) {
  return {
    id: `svc_${orderId}`,
    orderId,
    status,
    amount: "10",
    fiatCurrency: "USD",
    cryptoAmount: "10",
    remainingCryptoAmount: status === "paid" ? "0" : String(10 - Number(paid)),
    paidFiatAmount: paid,
    paidCryptoAmount: paid,
    currency: "USDT",
    network: "TRON",
    isPaymentMultiple: true,
    wallet: "TWalletOfTheInvoice",
    payUrl: `http://sandbox/pay/svc_${orderId}`,
    createdAt: new Date(),
    expiresAt: new Date(Date.now() + 3_600_000),
    additionalData: null,
    transactions: payments,
  } as ServiceInvoice;
}

describe("issue 34 case 3: an invoice refunded, then paid in full", () => {
  it("stays an exception: underpaid by what went back, on the worklist, and the rest can be refunded", async () => {
    const orderId = newOrderId("inv");
    const invoice = await recordInvoiceIntent(
      money.db,
      { orderId, amount: "10", fiatCurrency: "USD" },
      money.people.support,
    );
    const first = payment(`tx_${orderId}_1`, "9");
    await applyServiceInvoice(
      money.db,
      invoice.id,
      answer(orderId, "wrong_amount_waiting", "9", [first]),
      "webhook",
    );
    const refund = await requestRefund(money.db, refundForm(invoice.id, "9"), money.people.support);
    await moveTo(money.db, refund.id, "submitted", {
      serviceId: `svc_${refund.orderId}`,
      serviceStatus: "process",
    });
    await applyServiceReport(money.db, { orderId: refund.orderId, status: "paid" }, "webhook");
    expect((await invoiceException(money.db, invoice.id))?.resolution).toMatchObject({ how: "refunded" });

    // The customer pays the missing 1: the service now says paid, 10 of 10.
    const rest = payment(`tx_${orderId}_2`, "1");
    await applyServiceInvoice(money.db, invoice.id, answer(orderId, "paid", "10", [first, rest]), "webhook");

    const exception = await invoiceException(money.db, invoice.id);
    expect(exception).toMatchObject({ kind: "underpaid", resolution: null });
    expect(exception?.stake).toMatchObject({ crypto: "9", currency: "USDT" });
    expect((await onWorklist(invoice.id))?.atStake.crypto).toBe("9 USDT");
    const again = await requestRefund(money.db, refundForm(invoice.id, "1"), money.people.support);
    expect(again.state).toBe("awaiting_approval");
  });
});
