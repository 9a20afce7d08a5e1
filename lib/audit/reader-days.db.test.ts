import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "@/lib/db/schema";
import { auditWhere } from "./list-query";
import { readerDays } from "@/lib/books/received-by-day";
import { listInvoices } from "@/lib/invoices/list-invoices";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertListInvoices } from "@/test-support/invoice-rows";

// Issue 37: a day is the reader's day wherever Paydesk cuts one, at the edges of the widest zones:
// Kiritimati (UTC+14) and Pago Pago (UTC−11). Each moment is named by its local clock.
const MOMENTS = {
  "kiritimati 28 Nov 23:30": "2026-11-28T09:30:00Z",
  "kiritimati 29 Nov 00:10": "2026-11-28T10:10:00Z",
  "pago pago 27 Nov 23:50": "2026-11-28T10:50:00Z",
  "pago pago 28 Nov 00:10": "2026-11-28T11:10:00Z",
  "pago pago 28 Nov 23:30": "2026-11-29T10:30:00Z",
  "pago pago 29 Nov 00:10": "2026-11-29T11:10:00Z",
} as const;
type Moment = keyof typeof MOMENTS;

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
  await insertListInvoices(
    testDb.db,
    Object.entries(MOMENTS).map(([name, createdAt], index) => ({
      orderId: name,
      serviceId: `svc-${index}`,
      createdAt,
    })),
  );
  await testDb.db.insert(auditLog).values(
    Object.entries(MOMENTS).map(([name, createdAt]) => ({
      createdAt: new Date(createdAt),
      actorKind: "system" as const,
      action: "invoice.created",
      note: name,
    })),
  );
});
afterAll(() => testDb.close());

const filtered = async (timeZone: string, day: string) => {
  const page = await listInvoices(testDb.db, { dateFrom: day, dateTo: day, timeZone, limit: 100 });
  return page.rows.map((row) => row.orderId).sort();
};
const audited = async (timeZone: string, day: string) => {
  const rows = await testDb.db
    .select({ note: auditLog.note })
    .from(auditLog)
    .where(auditWhere({ dateFrom: day, dateTo: day, timeZone, signIns: "show" }));
  return rows.map((row) => row.note).sort();
};

describe("a day is the reader's day", () => {
  // Kiritimati's 28 Nov is 27 Nov 10:00 to 28 Nov 10:00 UTC; Pago Pago's 28 Nov 11:00 to 29 Nov 11:00 UTC.
  it.each([
    ["Pacific/Kiritimati", ["kiritimati 28 Nov 23:30"]],
    ["Pacific/Pago_Pago", ["pago pago 28 Nov 00:10", "pago pago 28 Nov 23:30"]],
  ] as [string, Moment[]][])(
    "in %s, filtering for 28 Nov finds what its clocks read on 28 Nov, and nothing else",
    async (zone, expected) => {
      expect(await filtered(zone, "2026-11-28")).toEqual([...expected].sort());
      expect(await audited(zone, "2026-11-28")).toEqual([...expected].sort());
    },
  );

  it("the chart's days begin where the reader's clocks turn", () => {
    expect(readerDays("2026-11-28", 2, "Pacific/Kiritimati")).toEqual({
      days: [
        { day: "2026-11-27", start: new Date("2026-11-26T10:00:00Z") },
        { day: "2026-11-28", start: new Date("2026-11-27T10:00:00Z") },
      ],
      end: new Date("2026-11-28T10:00:00Z"),
    });
    expect(readerDays("2026-11-28", 1, "Pacific/Pago_Pago")).toEqual({
      days: [{ day: "2026-11-28", start: new Date("2026-11-28T11:00:00Z") }],
      end: new Date("2026-11-29T11:00:00Z"),
    });
  });
});
