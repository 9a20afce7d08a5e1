import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoiceResolutions } from "@/lib/db/schema";
import { invoiceThatReceived, openMoneyTestDb, resolveAs } from "@/test-support/money-rows";
import { listInvoices } from "./list-invoices";
import { asInvoiceStatus, invoiceState } from "./status";

const money = openMoneyTestDb();

const stateInList = async (orderId: string) => {
  const page = await listInvoices(money.db, { limit: 25, q: orderId });
  const [row] = page.rows;
  if (!row) throw new Error(`${orderId} is not listed`);
  return invoiceState(asInvoiceStatus(row.status), row.resolution);
};

describe("the invoice list reads the state the invoice page reads", () => {
  it("a resolved exception is Resolved in the list; reopened, it reads its status again", async () => {
    const invoice = await invoiceThatReceived(money.db, { status: "overpaid", payments: ["10", "1"] });
    expect(await stateInList(invoice.orderId)).toBe("overpaid");
    await resolveAs(money.db, money.people.support, invoice.id, "marked_resolved", "Kept as credit");
    expect(await stateInList(invoice.orderId)).toBe("resolved");
    await money.db
      .update(invoiceResolutions)
      .set({ reopenedAt: new Date(), reopenedReason: "more arrived" })
      .where(eq(invoiceResolutions.invoiceId, invoice.id));
    expect(await stateInList(invoice.orderId)).toBe("overpaid");
  });

  it("a paid invoice is final in the list: it does not count down to its expiry", async () => {
    const invoice = await invoiceThatReceived(money.db, { status: "paid", payments: ["10"] });
    const page = await listInvoices(money.db, { limit: 25, q: invoice.orderId });
    expect(page.rows[0]).toMatchObject({ isFinal: true, resolution: null });
  });
});
