import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, invoices } from "@/lib/db/schema";
import { newOrderId } from "@/lib/order-id";
import { insertListInvoices, type ListTestInvoice } from "@/test-support/invoice-rows";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";
import { resolveException } from "./resolve-exception";
import { listResolvedExceptions, listUnresolvedExceptions } from "./worklist";

let testDb: TestDb;
let actor: { kind: "user"; userId: string; email: string };
beforeAll(async () => {
  testDb = await createTestDb();
  const support = await insertUser(testDb.db, {
    email: "s@example.com",
    role: "support",
    password: "a-long-password-1",
  });
  actor = { kind: "user", userId: support.id, email: support.email };
});
afterAll(() => testDb.close());

async function invoice(row: Omit<ListTestInvoice, "orderId" | "createdAt"> & { createdAt?: string }) {
  const orderId = newOrderId("inv");
  await insertListInvoices(testDb.db, [
    {
      orderId,
      currency: "USDT",
      network: "TRON",
      amount: "10.00",
      cryptoAmount: "10",
      createdAt: "2025-01-01T10:00:00Z",
      ...row,
    },
  ]);
  const [created] = await testDb.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!created) throw new Error("no invoice");
  return created;
}

describe("resolving an exception", () => {
  it("accepts an underpayment as paid once, with the note and who, in the audit log", async () => {
    const under = await invoice({ status: "underpaid", paidCryptoAmount: "8", isFinal: true });
    await resolveException(testDb.db, actor, { invoiceId: under.id, kind: "accepted_as_paid", note: "cash" });
    await expect(
      resolveException(testDb.db, actor, { invoiceId: under.id, kind: "marked_resolved", note: "again" }),
    ).rejects.toThrow(/already resolved/);
    const entries = await testDb.db.select().from(auditLog).where(eq(auditLog.objectId, under.id));
    expect(entries).toMatchObject([
      { action: "invoice.resolved", actorId: actor.userId, note: "cash", after: { how: "accepted_as_paid" } },
    ]);
  });

  it("refuses to accept an overpayment or an expired invoice as paid, and anything on a paid invoice", async () => {
    const over = await invoice({ status: "overpaid", paidCryptoAmount: "12" });
    await expect(
      resolveException(testDb.db, actor, { invoiceId: over.id, kind: "accepted_as_paid", note: "n/a" }),
    ).rejects.toThrow(/Only an underpaid invoice/);
    const late = await invoice({ status: "expired", paidCryptoAmount: "3" });
    await expect(
      resolveException(testDb.db, actor, { invoiceId: late.id, kind: "accepted_as_paid", note: "n/a" }),
    ).rejects.toThrow(/Only an underpaid invoice/);
    const paid = await invoice({ status: "paid", paidCryptoAmount: "10" });
    await expect(
      resolveException(testDb.db, actor, { invoiceId: paid.id, kind: "marked_resolved", note: "n/a" }),
    ).rejects.toThrow(/no exception to resolve/);
  });

  it("two people resolving at once: one wins, the other is told", async () => {
    const over = await invoice({ status: "overpaid", paidCryptoAmount: "12" });
    const results = await Promise.allSettled([
      resolveException(testDb.db, actor, { invoiceId: over.id, kind: "marked_resolved", note: "one" }),
      resolveException(testDb.db, actor, { invoiceId: over.id, kind: "marked_resolved", note: "two" }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
  });
});

describe("the worklist", () => {
  it("lists unresolved exceptions oldest first with the amount at stake, and resolved ones with who and how", async () => {
    const fresh = await createTestDb();
    try {
      const rows: ListTestInvoice[] = [
        {
          orderId: "late",
          status: "expired",
          paidCryptoAmount: "3.5",
          paidFiatAmount: "3.50",
          createdAt: "2025-01-03T00:00:00Z",
        },
        {
          orderId: "over",
          status: "overpaid",
          paidCryptoAmount: "12.000001",
          paidFiatAmount: "12.00",
          createdAt: "2025-01-01T00:00:00Z",
        },
        {
          orderId: "under",
          status: "underpaid",
          paidCryptoAmount: "7.5",
          remainingCryptoAmount: "2.5",
          paidFiatAmount: "7.50",
          createdAt: "2025-01-02T00:00:00Z",
        },
        { orderId: "fine", status: "paid", paidCryptoAmount: "10", createdAt: "2025-01-04T00:00:00Z" },
      ];
      await insertListInvoices(
        fresh.db,
        rows.map((row) => ({ currency: "USDT", amount: "10.00", cryptoAmount: "10", ...row })),
      );
      const list = await listUnresolvedExceptions(fresh.db);
      expect(
        list.map(({ orderId, atStake }) => [orderId, atStake.meaning, atStake.crypto, atStake.fiat]),
      ).toEqual([
        ["over", "overpaid", "2.000001 USDT", "2 USD"],
        ["under", "short", "2.5 USDT", "2.5 USD"],
        ["late", "paid_after_expiry", "3.5 USDT", "3.5 USD"],
      ]);
      const user = await insertUser(fresh.db, {
        email: "r@example.com",
        role: "support",
        password: "a-long-password-1",
      });
      const over = list[0];
      await resolveException(
        fresh.db,
        { kind: "user", userId: user.id, email: user.email },
        {
          invoiceId: over?.id ?? "",
          kind: "marked_resolved",
          note: "credited",
        },
      );
      expect((await listUnresolvedExceptions(fresh.db)).map((row) => row.orderId)).toEqual(["under", "late"]);
      expect(await listResolvedExceptions(fresh.db)).toMatchObject([
        { orderId: "over", how: "marked_resolved", resolvedBy: "r@example.com", note: "credited" },
      ]);
    } finally {
      await fresh.close();
    }
  });
});
