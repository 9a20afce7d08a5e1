import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, notifications } from "@/lib/db/schema";
import { newOrderId } from "@/lib/order-id";
import { insertListInvoices } from "@/test-support/invoice-rows";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";
import { markGroupRead, readInbox } from "./inbox";
import { notifyInvoiceStatus } from "./invoice-events";
import { setMuted } from "./mutes";

let testDb: TestDb;
const people: Record<string, string> = {};
beforeAll(async () => {
  testDb = await createTestDb();
  for (const name of ["kiri", "pago", "quiet"]) {
    people[name] = (
      await insertUser(testDb.db, {
        email: `${name}@example.com`,
        role: "support",
        password: "a-long-password-1",
      })
    ).id;
  }
});
afterAll(() => testDb.close());

const id = (name: string) => people[name] ?? "";

/** Invoices of this person, created at these instants, each told as expired at the next instant. */
async function expired(name: string, moments: readonly { created: string; expired: string }[]) {
  const orderIds = moments.map(() => newOrderId("inv"));
  await insertListInvoices(
    testDb.db,
    moments.map((moment, index) => ({
      orderId: orderIds[index] ?? "",
      createdAt: moment.created,
      createdBy: id(name),
      status: "expired",
    })),
  );
  const rows = await testDb.db.select().from(invoices).where(inArray(invoices.orderId, orderIds));
  for (const [index, moment] of moments.entries()) {
    const invoice = rows.find((row) => row.orderId === orderIds[index]);
    if (!invoice) throw new Error("invoice not inserted");
    await notifyInvoiceStatus(testDb.db, { ...invoice, currency: "USDT" }, "expired");
    await testDb.db
      .update(notifications)
      .set({ createdAt: new Date(moment.expired) })
      .where(and(eq(notifications.objectId, invoice.id), eq(notifications.userId, id(name))));
  }
}

describe("information comes grouped by the reader's day", () => {
  // 2026-11-27 10:30 UTC: in Kiritimati (UTC+14) already the 28th; in Pago Pago (UTC−11) still the 26th.
  const NOW = new Date("2026-11-27T10:30:00Z");

  it("expiries are one line per day of the reader's, linking to the list filtered to them", async () => {
    await expired("kiri", [
      { created: "2026-11-27T08:00:00Z", expired: "2026-11-27T09:30:00Z" }, // 27th 23:30 in Kiritimati
      { created: "2026-11-27T08:30:00Z", expired: "2026-11-27T10:05:00Z" }, // 28th 00:05
      { created: "2026-11-27T09:50:00Z", expired: "2026-11-27T10:20:00Z" }, // 28th 00:20 (created 23:50 the 27th)
    ]);
    const inKiritimati = await readInbox(testDb.db, { id: id("kiri"), timeZone: "Pacific/Kiritimati" }, NOW);
    expect(inKiritimati.information).toMatchObject([
      {
        id: "invoice.expired@2026-11-28",
        message: "2 invoices expired today",
        href: "/invoices?status=expired&mine=1&dateFrom=2026-11-27&dateTo=2026-11-28",
        read: false,
        group: { count: 2, day: "2026-11-28" },
      },
      {
        kind: "invoice.expired",
        group: null,
        message: expect.stringMatching(/^Invoice inv_\S+ \(10\.00 USD\) expired\.$/),
      },
    ]);
    expect(inKiritimati.count).toBe(2);

    // The same three in UTC fall on one day: one line, one to count.
    const inUtc = await readInbox(testDb.db, { id: id("kiri"), timeZone: "UTC" }, NOW);
    expect(inUtc.information).toMatchObject([
      {
        message: "3 invoices expired today",
        href: "/invoices?status=expired&mine=1&dateFrom=2026-11-27&dateTo=2026-11-27",
      },
    ]);
    expect(inUtc.count).toBe(1);

    // Read together: the group's members on that day only.
    expect(
      await markGroupRead(
        testDb.db,
        { id: id("kiri"), timeZone: "Pacific/Kiritimati" },
        {
          kind: "invoice.expired",
          day: "2026-11-28",
        },
      ),
    ).toBe(2);
    const after = await readInbox(testDb.db, { id: id("kiri"), timeZone: "Pacific/Kiritimati" }, NOW);
    expect(after.information.map((item) => item.read)).toEqual([true, false]);
    expect(after.count).toBe(1);
  });

  it("days before today are named yesterday, then by date", async () => {
    await expired("pago", [
      { created: "2026-11-25T20:00:00Z", expired: "2026-11-25T21:00:00Z" }, // 25th 10:00 in Pago Pago
      { created: "2026-11-25T21:00:00Z", expired: "2026-11-25T22:00:00Z" },
      { created: "2026-11-26T20:00:00Z", expired: "2026-11-26T21:00:00Z" }, // 26th 10:00
      { created: "2026-11-26T21:00:00Z", expired: "2026-11-26T22:00:00Z" },
    ]);
    const inbox = await readInbox(testDb.db, { id: id("pago"), timeZone: "Pacific/Pago_Pago" }, NOW);
    expect(inbox.information.map((item) => item.message)).toEqual([
      "2 invoices expired today",
      "2 invoices expired yesterday",
    ]);
    const later = await readInbox(
      testDb.db,
      { id: id("pago"), timeZone: "Pacific/Pago_Pago" },
      new Date("2026-11-29T10:30:00Z"),
    );
    expect(later.information.map((item) => item.message)).toEqual([
      "2 invoices expired on 26 Nov 2026",
      "2 invoices expired on 25 Nov 2026",
    ]);
  });
});

describe("a person mutes expiries for themselves", () => {
  it("muting stops expiry notifications for that person only, reads what was unread, and leaves other news", async () => {
    await expired("quiet", [{ created: "2026-11-27T08:00:00Z", expired: "2026-11-27T09:00:00Z" }]);
    expect((await readInbox(testDb.db, { id: id("quiet"), timeZone: "UTC" })).count).toBe(1);

    await setMuted(testDb.db, id("quiet"), "invoice.expired", true);
    expect((await readInbox(testDb.db, { id: id("quiet"), timeZone: "UTC" })).count).toBe(0);

    const before = await testDb.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, "invoice.expired"));
    await expired("quiet", [{ created: "2026-11-27T09:00:00Z", expired: "2026-11-27T10:00:00Z" }]);
    await expired("kiri", [{ created: "2026-11-27T09:00:00Z", expired: "2026-11-27T10:00:00Z" }]);
    const told = await testDb.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, "invoice.expired"));
    expect(told.filter((row) => row.userId === id("quiet"))).toHaveLength(
      before.filter((row) => row.userId === id("quiet")).length,
    );
    expect(told.filter((row) => row.userId === id("kiri"))).toHaveLength(
      before.filter((row) => row.userId === id("kiri")).length + 1,
    );

    // Only expiries: the same person still hears their invoice was paid.
    const [paid] = await testDb.db
      .select()
      .from(invoices)
      .where(eq(invoices.createdBy, id("quiet")))
      .limit(1);
    if (!paid) throw new Error("no invoice");
    await notifyInvoiceStatus(testDb.db, { ...paid, currency: "USDT" }, "paid");
    expect((await readInbox(testDb.db, { id: id("quiet"), timeZone: "UTC" })).count).toBe(1);

    // Heard again, expiries come back.
    await setMuted(testDb.db, id("quiet"), "invoice.expired", false);
    await expired("quiet", [{ created: "2026-11-27T10:00:00Z", expired: "2026-11-27T11:00:00Z" }]);
    const again = await testDb.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, "invoice.expired"), eq(notifications.userId, id("quiet"))));
    expect(again).toHaveLength(before.filter((row) => row.userId === id("quiet")).length + 1);
  });
});
