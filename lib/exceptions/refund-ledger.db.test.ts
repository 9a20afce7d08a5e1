import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { requestRefund } from "@/lib/refunds/request-refund";
import { invoiceThatReceived, openMoneyTestDb, refundForm } from "@/test-support/money-rows";
import { loadRefundLedger } from "./refund-ledger";

const money = openMoneyTestDb();

/**
 * node-postgres queues a query sent while another runs on the same client, and warns (the queue
 * goes in pg 9). A transaction is one client: what reads inside one asks one query at a time.
 */
const QUEUED_QUERY = /already executing a query/;
let warnings: string[] = [];
const collect = (warning: Error) => warnings.push(warning.message);
beforeEach(() => {
  warnings = [];
  process.on("warning", collect);
});
afterEach(() => {
  process.off("warning", collect);
});

describe("an invoice's refund ledger read inside a transaction", () => {
  it("asks one query at a time", async () => {
    const invoice = await invoiceThatReceived(money.db, { status: "overpaid", payments: ["10", "5"] });
    const ledger = await money.db.transaction((tx) => loadRefundLedger(tx, invoice.id, { lock: true }));
    expect(ledger?.leftToSettle).toBe("5");
    await requestRefund(money.db, refundForm(invoice.id, "5"), money.people.support);
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((message) => QUEUED_QUERY.test(message))).toEqual([]);
  });
});
