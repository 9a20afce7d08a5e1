import { describe, expect, it } from "vitest";
import { requestRefund } from "@/lib/refunds/request-refund";
import { rejectWithdrawal } from "@/lib/withdrawals/decide";
import {
  invoiceThatReceived,
  moveTo,
  openMoneyTestDb,
  refundForm,
  resolveAs,
} from "@/test-support/money-rows";
import { invoiceException } from "./invoice-exception";

const money = openMoneyTestDb();

describe("issue 34 case 4: Accept as paid while a refund gives the money back", () => {
  it("is refused while a refund of the invoice may still move money, and allowed once it is rejected", async () => {
    const invoice = await invoiceThatReceived(money.db, {
      status: "underpaid",
      payments: ["9.5"],
      isFinal: true,
    });
    const refund = await requestRefund(money.db, refundForm(invoice.id, "9.5"), money.people.support);
    const accept = () =>
      resolveAs(money.db, money.people.finance1, invoice.id, "accepted_as_paid", "The customer's bank fee.");

    await expect(accept()).rejects.toThrow(
      `Refund ${refund.orderId} gives 9.5 USDT of invoice ${invoice.orderId} back`,
    );
    await moveTo(money.db, refund.id, "submitted", { serviceId: `svc_${refund.orderId}` });
    await expect(accept()).rejects.toThrow(/refund/i);
    expect(await invoiceException(money.db, invoice.id)).toMatchObject({ resolution: null });
    expect((await invoiceException(money.db, invoice.id))?.options).not.toContain("accept_as_paid");

    await moveTo(money.db, refund.id, "awaiting_approval");
    await rejectWithdrawal(money.db, refund.id, money.people.finance1, "Accepting it instead.");
    expect((await invoiceException(money.db, invoice.id))?.options).toContain("accept_as_paid");
    await accept();
    expect((await invoiceException(money.db, invoice.id))?.resolution).toMatchObject({
      how: "accepted_as_paid",
    });
  });
});
