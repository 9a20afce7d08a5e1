import { describe, expect, it } from "vitest";
import { applyServiceInvoice } from "@/lib/invoices/apply-service-invoice";
import { recordInvoiceIntent } from "@/lib/invoices/create-invoice";
import { newOrderId } from "@/lib/order-id";
import { requestRefund } from "@/lib/refunds/request-refund";
import type { ServiceInvoice } from "@/lib/service";
import { applyServiceReport } from "@/lib/withdrawals/apply-service-report";
import { moveTo, openMoneyTestDb, refundForm, resolveAs } from "@/test-support/money-rows";
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
    remainingCryptoAmount: status === "wrong_amount_waiting" ? String(10 - Number(paid)) : "0",
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

/** An invoice of 10 USDT that received `first` (underpaid, the service still waiting), and a refund of `refunded` of it paid out. */
async function underpaidAndPartlyRefunded(first: string, refunded: string) {
  const orderId = newOrderId("inv");
  const invoice = await recordInvoiceIntent(
    money.db,
    { orderId, amount: "10", fiatCurrency: "USD" },
    money.people.support,
  );
  const payments = [payment(`tx_${orderId}_1`, first)];
  await applyServiceInvoice(
    money.db,
    invoice.id,
    answer(orderId, "wrong_amount_waiting", first, payments),
    "webhook",
  );
  const refund = await requestRefund(money.db, refundForm(invoice.id, refunded), money.people.support);
  await moveTo(money.db, refund.id, "submitted", {
    serviceId: `svc_${refund.orderId}`,
    serviceStatus: "process",
  });
  await applyServiceReport(money.db, { orderId: refund.orderId, status: "paid" }, "webhook");
  /** The customer pays `amount` more; the service answers with `status`. */
  const pays = async (status: string, amount: string, total: string) => {
    payments.push(payment(`tx_${orderId}_${payments.length + 1}`, amount));
    await applyServiceInvoice(money.db, invoice.id, answer(orderId, status, total, [...payments]), "webhook");
  };
  return { invoice, pays };
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

describe("a customer who pays after a partial refund: the exception follows what the merchant kept", () => {
  it("underpaid 6, 1 refunded, then 5 more (11 of 10): the merchant kept 10, so the exception is resolved as refunded", async () => {
    const { invoice, pays } = await underpaidAndPartlyRefunded("6", "1");
    expect(await onWorklist(invoice.id)).toBeDefined();

    await pays("paid_over", "5", "11");

    expect(await invoiceException(money.db, invoice.id)).toMatchObject({
      kind: "overpaid",
      resolution: { how: "refunded" },
    });
    expect(await onWorklist(invoice.id)).toBeUndefined();
  });

  it("marked resolved by a person, then the rest arrives: the money reopens it, and the refund already paid settles it", async () => {
    const { invoice, pays } = await underpaidAndPartlyRefunded("6", "1");
    await resolveAs(money.db, money.people.support, invoice.id, "marked_resolved", "Agreed by phone.");

    await pays("paid_over", "5", "11");

    expect(await invoiceException(money.db, invoice.id)).toMatchObject({ resolution: { how: "refunded" } });
    expect(await onWorklist(invoice.id)).toBeUndefined();
  });

  it("underpaid 6, 4 refunded, then 6 more (12 of 10, overpaid at the service): still short 2 for the merchant", async () => {
    const { invoice, pays } = await underpaidAndPartlyRefunded("6", "4");

    await pays("paid_over", "6", "12");

    const exception = await invoiceException(money.db, invoice.id);
    expect(exception).toMatchObject({ kind: "underpaid", resolution: null });
    expect(exception?.stake).toMatchObject({ crypto: "2", currency: "USDT" });
    expect((await onWorklist(invoice.id))?.atStake.crypto).toBe("2 USDT");
  });
});

describe("new money that refunds already cover", () => {
  it("an overpayment refunded in full stays resolved when a payment finer than the coin carries arrives", async () => {
    const orderId = newOrderId("inv");
    const invoice = await recordInvoiceIntent(
      money.db,
      { orderId, amount: "10", fiatCurrency: "USD" },
      money.people.support,
    );
    const payments = [payment(`tx_${orderId}_1`, "12.5")];
    await applyServiceInvoice(
      money.db,
      invoice.id,
      answer(orderId, "paid_over", "12.5", payments),
      "webhook",
    );
    const refund = await requestRefund(money.db, refundForm(invoice.id, "2.5"), money.people.support);
    await moveTo(money.db, refund.id, "submitted", {
      serviceId: `svc_${refund.orderId}`,
      serviceStatus: "process",
    });
    await applyServiceReport(money.db, { orderId: refund.orderId, status: "paid" }, "webhook");
    expect((await invoiceException(money.db, invoice.id))?.resolution).toMatchObject({ how: "refunded" });

    // 0.0000001 USDT: USDT carries 6 decimals, so nothing more can ever be refunded.
    const dust = payment(`tx_${orderId}_2`, "0.0000001");
    await applyServiceInvoice(
      money.db,
      invoice.id,
      answer(orderId, "paid_over", "12.5000001", [...payments, dust]),
      "webhook",
    );

    expect((await invoiceException(money.db, invoice.id))?.resolution).toMatchObject({ how: "refunded" });
    expect(await onWorklist(invoice.id)).toBeUndefined();
  });
});
