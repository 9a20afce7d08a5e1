import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoices, ledgerEntries, withdrawals } from "@/lib/db/schema";
import { requestRefund } from "@/lib/refunds/request-refund";
import { applyServiceReport } from "@/lib/withdrawals/apply-service-report";
import { requestWithdrawal } from "@/lib/withdrawals/request-withdrawal";
import { transition } from "@/lib/withdrawals/transition";
import { invoiceThatReceived, moveTo, openMoneyTestDb, refundForm } from "@/test-support/money-rows";
import { openedWithdrawalForm } from "@/test-support/withdrawal-rows";
import { findLedgerDifferences } from "./check";
import { repairLedger } from "./repair";

const money = openMoneyTestDb();

const entriesOf = (column: "invoiceId" | "withdrawalId", id: string) =>
  money.db
    .select({
      kind: ledgerEntries.kind,
      from: ledgerEntries.fromAccount,
      to: ledgerEntries.toAccount,
      amount: ledgerEntries.amount,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries[column], id))
    .orderBy(ledgerEntries.id);

async function refusal(query: Promise<unknown>): Promise<string> {
  const error: unknown = await query.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  return (error as { cause?: { message?: string } } | null)?.cause?.message ?? String(error);
}

describe("the ledger", () => {
  it("books each payment and each step of a refund as transfers, once, with its fee", async () => {
    const invoice = await invoiceThatReceived(money.db, { status: "overpaid", payments: ["10", "5"] });
    const refund = await requestRefund(money.db, refundForm(invoice.id, "5"), money.people.support);
    await moveTo(money.db, refund.id, "submitted", {
      serviceId: `svc_${refund.orderId}`,
      serviceStatus: "process",
    });
    await applyServiceReport(
      money.db,
      { orderId: refund.orderId, status: "paid", fee: "0.5", payoutAmount: "4.5" },
      "webhook",
    );
    await applyServiceReport(money.db, { orderId: refund.orderId, status: "paid" }, "webhook");

    const refundAccount = (stage: string) => `refund:${refund.id}:${stage}`;
    // The two payments were seen at the same instant: either may be booked first.
    const [first, second, ...moves] = await entriesOf("invoiceId", invoice.id);
    expect([first, second]).toEqual(
      expect.arrayContaining([
        { kind: "received", from: "world", to: `invoice:${invoice.id}`, amount: "10" },
        { kind: "received", from: "world", to: `invoice:${invoice.id}`, amount: "5" },
      ]),
    );
    expect(moves).toEqual([
      { kind: "reserved", from: `invoice:${invoice.id}`, to: refundAccount("reserved"), amount: "5" },
      { kind: "sent", from: refundAccount("reserved"), to: refundAccount("in_flight"), amount: "5" },
      // is_subtract: the fee came out of the merchant's balance, the customer got all 5.
      { kind: "fee", from: "merchant", to: "fees", amount: "0.5" },
      { kind: "paid", from: refundAccount("in_flight"), to: "world", amount: "5" },
    ]);
    const [row] = await money.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row?.refundedCryptoAmount).toBe("5");
  });

  it("records a payout's fee taken from the amount (is_subtract false): the recipient gets the rest", async () => {
    const payout = await requestWithdrawal(
      money.db,
      openedWithdrawalForm({ amount: "20", isSubtract: false }),
      money.people.support,
    );
    await moveTo(money.db, payout.id, "submitted", {
      serviceId: `svc_${payout.orderId}`,
      serviceStatus: "process",
    });
    await applyServiceReport(
      money.db,
      { orderId: payout.orderId, status: "paid", fee: "1.25", payoutAmount: "18.75" },
      "webhook",
    );
    expect(await entriesOf("withdrawalId", payout.id)).toEqual([
      { kind: "reserved", from: "merchant", to: `payout:${payout.id}:reserved`, amount: "20" },
      {
        kind: "sent",
        from: `payout:${payout.id}:reserved`,
        to: `payout:${payout.id}:in_flight`,
        amount: "20",
      },
      { kind: "paid", from: `payout:${payout.id}:in_flight`, to: "world", amount: "18.75" },
      { kind: "fee", from: `payout:${payout.id}:in_flight`, to: "fees", amount: "1.25" },
    ]);
  });

  it("releases a rejected request back where it came from", async () => {
    const payout = await requestWithdrawal(
      money.db,
      openedWithdrawalForm({ amount: "3" }),
      money.people.support,
    );
    await transition(money.db, payout.id, {
      event: "reject",
      source: "user",
      actorId: money.people.finance1,
    });
    expect((await entriesOf("withdrawalId", payout.id)).map((entry) => [entry.kind, entry.to])).toEqual([
      ["reserved", `payout:${payout.id}:reserved`],
      ["released", "merchant"],
    ]);
  });

  it("is append-only: the database refuses UPDATE, DELETE and TRUNCATE", async () => {
    expect(await refusal(money.db.update(ledgerEntries).set({ amount: "1" }).execute())).toMatch(
      /append-only: UPDATE/,
    );
    expect(await refusal(money.db.delete(ledgerEntries).execute())).toMatch(/append-only: DELETE/);
    expect(await refusal(money.db.execute(sql`truncate ledger_entries`))).toMatch(/append-only: TRUNCATE/);
  });

  it("ledger:check finds a state the books do not follow, and a repair books it", async () => {
    expect(await findLedgerDifferences(money.db)).toEqual([]);
    const payout = await requestWithdrawal(
      money.db,
      openedWithdrawalForm({ amount: "7" }),
      money.people.support,
    );
    // A release that writes no ledger moved it (a rollback), and changed an invoice's total.
    await money.db.update(withdrawals).set({ state: "paid" }).where(eq(withdrawals.id, payout.id));
    const invoice = await invoiceThatReceived(money.db, { status: "paid", payments: ["10"] });
    await money.db.update(invoices).set({ paidCryptoAmount: "10.5" }).where(eq(invoices.id, invoice.id));

    const differences = await findLedgerDifferences(money.db);
    expect(
      differences.map((difference) => [difference.subject, difference.orderId, difference.what]),
    ).toEqual(
      expect.arrayContaining([
        ["invoice", invoice.orderId, "received 10.5 shown, 10 in the books"],
        [
          "payout",
          payout.orderId,
          `paid here, but the books lack paid 7 USDT from payout:${payout.id}:reserved to world`,
        ],
      ]),
    );
    expect(await repairLedger(money.db)).toEqual({ invoices: 1, payouts: 1 });
    expect(await findLedgerDifferences(money.db)).toEqual([]);
  });
});
