// Test support for the money paths after a payout leaves: the people involved, an invoice that
// received money, refunds of it, and withdrawals moved to a state for a test to start from. Not
// imported by application code.
import Decimal from "decimal.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { invoices, invoiceTransactions, withdrawals, type Invoice, type Withdrawal } from "@/lib/db/schema";
import type { Db } from "@/lib/db/types";
import { newOrderId } from "@/lib/order-id";
import { userActor } from "@/lib/audit/user-actor";
import { resolveException } from "@/lib/exceptions/resolve-exception";
import { confirmPaid, proposePaid } from "@/lib/withdrawals/record-paid";
import { requestWithdrawal } from "@/lib/withdrawals/request-withdrawal";
import type { ValidRefundForm } from "@/lib/refunds/form-schema";
import { insertListInvoices } from "./invoice-rows";
import { createTestDb, type TestDb } from "./test-db";
import { insertUser } from "./users";
import { openedWithdrawalForm } from "./withdrawal-rows";
import { syncPayoutBooks } from "@/lib/ledger/sync-payout";
import { syncInvoiceReceipts } from "@/lib/ledger/sync-receipts";

export interface MoneyPeople {
  support: string;
  finance1: string;
  finance2: string;
  finance3: string;
  admin: string;
}

export async function seedMoneyPeople(db: Db, tag = Math.random().toString(36).slice(2, 8)) {
  const make = async (name: string, role: "support" | "finance" | "admin") =>
    (await insertUser(db, { email: `${name}-${tag}@money.test`, role, password: "a-long-password-1" })).id;
  return {
    support: await make("support", "support"),
    finance1: await make("finance1", "finance"),
    finance2: await make("finance2", "finance"),
    finance3: await make("finance3", "finance"),
    admin: await make("admin", "admin"),
  } satisfies MoneyPeople;
}

/**
 * A fresh database for one test file, with the people of the money paths: opened before its
 * tests run and closed after them. Read `db` and `people` inside the tests.
 */
export function openMoneyTestDb(): { readonly db: Db; readonly people: MoneyPeople } {
  let testDb: TestDb | undefined;
  let people: MoneyPeople | undefined;
  beforeAll(async () => {
    testDb = await createTestDb();
    people = await seedMoneyPeople(testDb.db);
  });
  afterAll(() => testDb?.close());
  return {
    get db() {
      if (!testDb) throw new Error("openMoneyTestDb: the database opens in beforeAll");
      return testDb.db;
    },
    get people() {
      if (!people) throw new Error("openMoneyTestDb: the people are seeded in beforeAll");
      return people;
    },
  };
}

/**
 * An invoice of `cryptoAmount` USDT on TRON (or `currency` on `network`), confirmed by the service,
 * that received `payments` (one transaction each) and is now `status` (normalised: overpaid,
 * underpaid, paid, expired).
 */
export async function invoiceThatReceived(
  db: Db,
  input: {
    status: string;
    payments: string[];
    cryptoAmount?: string;
    isFinal?: boolean;
    createdBy?: string;
    currency?: string;
    network?: string;
  },
): Promise<Invoice> {
  const orderId = newOrderId("inv");
  const paid = input.payments.reduce((sum, amount) => sum.plus(amount), new Decimal(0));
  await insertListInvoices(
    db,
    [
      {
        orderId,
        status: input.status,
        serviceId: `svc_${orderId}`,
        serviceStatus: input.status,
        isFinal: input.isFinal ?? true,
        currency: input.currency ?? "USDT",
        network: input.network ?? "TRON",
        amount: "10.00",
        cryptoAmount: input.cryptoAmount ?? "10",
        paidCryptoAmount: paid.toFixed(),
        customerId: "cust-22",
        createdBy: input.createdBy,
        createdAt: new Date().toISOString(),
      },
    ],
    { book: false },
  );
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!invoice) throw new Error("invoiceThatReceived: nothing inserted");
  if (input.payments.length > 0) {
    await db.insert(invoiceTransactions).values(
      input.payments.map((amount, index) => ({
        invoiceId: invoice.id,
        txid: `tx_${orderId}_${index}`,
        amount,
        sourceWallet: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      })),
    );
  }
  // Written past applyServiceInvoice, so its receipts are booked here, as the service's answer would.
  await syncInvoiceReceipts(db, invoice.id, { kind: "refresh" });
  return invoice;
}

/** A person resolves the invoice's exception (Accept as paid, Mark resolved), with a note. */
export async function resolveAs(
  db: Db,
  userId: string,
  invoiceId: string,
  kind: "accepted_as_paid" | "marked_resolved",
  note: string,
) {
  await resolveException(db, { ...(await userActor(db, userId)), userId }, { invoiceId, kind, note });
}

/** The refund form as the invoice's Refund button opens it, for `amount` USDT. */
export function refundForm(invoiceId: string, amount: string): ValidRefundForm {
  return {
    ...openedWithdrawalForm({ amount, customerId: "cust-22", reason: "refund of the excess" }),
    refundOfInvoiceId: invoiceId,
  };
}

/** Puts a withdrawal straight into a state (a test's starting point), with the columns given. */
export async function moveTo(
  db: Db,
  id: string,
  state: Withdrawal["state"],
  set: Partial<typeof withdrawals.$inferInsert> = {},
): Promise<Withdrawal> {
  const [row] = await db
    .update(withdrawals)
    .set({ state, ...set })
    .where(eq(withdrawals.id, id))
    .returning();
  if (!row) throw new Error(`moveTo: no withdrawal ${id}`);
  // Written past transition(), so the books follow here, as they would there.
  await syncPayoutBooks(db, row, { kind: "repair" });
  return row;
}

export async function withdrawalById(db: Db, id: string): Promise<Withdrawal> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!row) throw new Error(`no withdrawal ${id}`);
  return row;
}

/** A payout of `amount` USDT on TRON, requested by support and sent: the service has it, processing. */
export async function submittedPayout(db: Db, people: MoneyPeople, amount: string): Promise<Withdrawal> {
  const payout = await requestWithdrawal(db, openedWithdrawalForm({ amount }), people.support);
  return moveTo(db, payout.id, "submitted", { serviceId: `svc_${payout.orderId}`, serviceStatus: "process" });
}

/**
 * Record paid as finance does it: one person proposes what the service's back office shows (the
 * payout's own amount, the transaction `txid`), a second, different one confirms.
 */
export async function recordPaidByTwo(
  db: Db,
  id: string,
  people: { proposer: string; confirmer: string },
  txid: string,
): Promise<Withdrawal> {
  const payout = await withdrawalById(db, id);
  await proposePaid(db, id, people.proposer, {
    amount: payout.amount ?? payout.serviceAmount ?? "",
    txid,
    note: "The service's back office shows it paid.",
  });
  return confirmPaid(db, id, people.confirmer);
}
