import { describe, expect, it } from "vitest";
import { invoiceRefunds } from "@/lib/refunds/invoice-refunds";
import { requestRefund } from "@/lib/refunds/request-refund";
import { applyServiceReport } from "@/lib/withdrawals/apply-service-report";
import { invoiceThatReceived, moveTo, openMoneyTestDb, refundForm } from "@/test-support/money-rows";
import { invoiceException } from "./invoice-exception";
import { listUnresolvedExceptions } from "./worklist";

const money = openMoneyTestDb();
const ETH_ADDRESS = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

describe("issue 34 case 6: amounts settle on the coin's precision", () => {
  it("an ETH receipt of 0.123456789 refunded in full (0.12345678, all ETH can carry) is settled, with no dust at stake", async () => {
    const invoice = await invoiceThatReceived(money.db, {
      status: "expired",
      payments: ["0.123456789"],
      cryptoAmount: "0.2",
      currency: "ETH",
      network: "ETH",
    });
    expect(await invoiceRefunds(money.db, invoice.id)).toMatchObject({ refundable: "0.12345678" });

    const refund = await requestRefund(
      money.db,
      { ...refundForm(invoice.id, "0.12345678"), currency: "ETH", network: "ETH", address: ETH_ADDRESS },
      money.people.support,
    );
    await moveTo(money.db, refund.id, "submitted", { serviceId: `svc_${refund.orderId}` });
    await applyServiceReport(money.db, { orderId: refund.orderId, status: "paid" }, "webhook");

    expect(await invoiceRefunds(money.db, invoice.id)).toMatchObject({ leftToSettle: "0" });
    expect((await invoiceException(money.db, invoice.id))?.resolution).toMatchObject({ how: "refunded" });
    expect((await listUnresolvedExceptions(money.db, 500)).map((row) => row.id)).not.toContain(invoice.id);
  });
});
