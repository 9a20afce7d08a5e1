import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, withdrawals } from "@/lib/db/schema";
import { newOrderId } from "@/lib/order-id";
import { requestWithdrawal } from "@/lib/withdrawals/request-withdrawal";
import { transition } from "@/lib/withdrawals/transition";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { disableUser, insertUser } from "@/test-support/users";
import { openedWithdrawalForm } from "@/test-support/withdrawal-rows";
import { markRead, readInbox } from "./inbox";
import { notifyInvoiceStatus, type NotifiedInvoice } from "./invoice-events";

let testDb: TestDb;
const people: Record<string, string> = {};
beforeAll(async () => {
  testDb = await createTestDb();
  for (const [name, role] of [
    ["support", "support"],
    ["supportGone", "support"],
    ["finance", "finance"],
    ["finance2", "finance"],
    ["financeGone", "finance"],
    ["admin", "admin"],
    ["viewer", "viewer"],
  ] as const) {
    people[name] = (
      await insertUser(testDb.db, { email: `${name}@example.com`, role, password: "a-long-password-1" })
    ).id;
  }
  await disableUser(testDb.db, people.supportGone ?? "");
  await disableUser(testDb.db, people.financeGone ?? "");
});
afterAll(() => testDb.close());

const readInboxOf = (name: string) => readInbox(testDb.db, { id: people[name] ?? "", timeZone: "UTC" });
const inboxOf = async (name: string) => {
  const inbox = await readInboxOf(name);
  return [...inbox.tasks, ...inbox.information];
};
const countFor = async (name: string, kind: string) =>
  (await inboxOf(name)).filter((item) => item.kind === kind).length;

const invoice = (createdBy: string | null): NotifiedInvoice => ({
  id: crypto.randomUUID(),
  orderId: newOrderId("inv"),
  createdBy,
  amount: "10.00",
  fiatCurrency: "USD",
  paidCryptoAmount: "12.5",
  cryptoAmount: "10",
  currency: "USDT",
});

const form = () => openedWithdrawalForm({ amount: "3" });

describe("who is told what", () => {
  it("an invoice's creator hears it was paid, overpaid, underpaid or expired — once, however often it is delivered", async () => {
    const ours = invoice(people.support ?? null);
    await notifyInvoiceStatus(testDb.db, ours, "overpaid");
    await notifyInvoiceStatus(testDb.db, ours, "overpaid");
    await notifyInvoiceStatus(testDb.db, ours, "open");
    const items = (await inboxOf("support")).filter((item) => item.href === `/invoices/${ours.id}`);
    expect(items).toMatchObject([
      {
        kind: "invoice.overpaid",
        read: false,
        message: `Invoice ${ours.orderId} (10.00 USD) was overpaid: 12.50 USDT of 10.00 USDT. Overpaid by 2.50 USDT.`,
      },
    ]);
    for (const other of ["finance", "admin", "viewer"])
      expect(await countFor(other, "invoice.overpaid")).toBe(0);
  });

  it("a disabled creator is told nothing", async () => {
    await notifyInvoiceStatus(testDb.db, invoice(people.supportGone ?? null), "paid");
    expect(await inboxOf("supportGone")).toEqual([]);
  });

  it("a request waits for every enabled finance person but its requester; the requester hears the decision", async () => {
    const request = await requestWithdrawal(testDb.db, form(), people.finance ?? "");
    const waiting = (name: string) =>
      inboxOf(name).then((items) => items.filter((item) => item.href === `/withdrawals/${request.id}`));
    expect(await waiting("finance2")).toMatchObject([
      {
        kind: "withdrawal.awaiting_approval",
        message: `Withdrawal ${request.orderId} (3.00 USDT) waits for your approval.`,
      },
    ]);
    for (const name of ["finance", "financeGone", "support", "admin", "viewer"])
      expect(await waiting(name)).toEqual([]);

    await transition(testDb.db, request.id, {
      event: "reject",
      actorId: people.finance2,
      source: "user",
      reason: "no",
    });
    expect((await waiting("finance")).map((item) => item.kind)).toEqual(["withdrawal.rejected"]);
  });

  it("a withdrawal paid out or failed is told to its requester, each time it happens", async () => {
    const request = await requestWithdrawal(testDb.db, form(), people.support ?? "");
    await testDb.db.update(withdrawals).set({ state: "submitted" }).where(eq(withdrawals.id, request.id));
    await transition(testDb.db, request.id, { event: "service_failed", source: "webhook" });
    const kinds = (await inboxOf("support"))
      .filter((item) => item.href === `/withdrawals/${request.id}`)
      .map((item) => item.kind);
    expect(kinds).toEqual(["withdrawal.service_failed"]);
  });
});

describe("reading one's own notifications", () => {
  it("marks only one's own read; another person's ids change nothing", async () => {
    const financeItems = await inboxOf("finance2");
    const someone = financeItems[0]?.id ?? "";
    expect(await markRead(testDb.db, people.support ?? "", [someone])).toBe(0);
    expect((await inboxOf("finance2"))[0]?.read).toBe(false);
    expect(await markRead(testDb.db, people.finance2 ?? "", [someone])).toBe(1);
    expect((await inboxOf("finance2")).filter((item) => !item.read)).toHaveLength(financeItems.length - 1);
    await markRead(testDb.db, people.finance2 ?? "", "all");
    expect((await inboxOf("finance2")).filter((item) => !item.read)).toEqual([]);
    expect(
      await testDb.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, people.viewer ?? "")),
    ).toEqual([]);
  });
});
