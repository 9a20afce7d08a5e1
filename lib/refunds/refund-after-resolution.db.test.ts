import { describe, expect, it } from "vitest";
import { invoiceThatReceived, refundForm, openMoneyTestDb, resolveAs } from "@/test-support/money-rows";
import { invoiceRefunds } from "./invoice-refunds";
import { requestRefund } from "./request-refund";

const money = openMoneyTestDb();

describe("issue 22 case 4: refunds after 'Accept as paid'", () => {
  it("an underpayment accepted as paid offers no refund and refuses one", async () => {
    const { db } = money;
    const invoice = await invoiceThatReceived(db, { status: "underpaid", payments: ["9"] });
    await resolveAs(
      db,
      money.people.support,
      invoice.id,
      "accepted_as_paid",
      "Close enough; the order ships.",
    );

    expect((await invoiceRefunds(db, invoice.id))?.offersRefund).toBe(false);
    await expect(requestRefund(db, refundForm(invoice.id, "9"), money.people.support)).rejects.toThrow(
      /resolved/,
    );
  });

  it("an unresolved exception still offers its refund", async () => {
    const invoice = await invoiceThatReceived(money.db, { status: "underpaid", payments: ["9"] });
    expect((await invoiceRefunds(money.db, invoice.id))?.offersRefund).toBe(true);
  });
});
