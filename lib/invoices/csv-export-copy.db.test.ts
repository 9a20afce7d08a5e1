import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, invoiceTransactions } from "@/lib/db/schema";
import { insertListInvoices } from "@/test-support/invoice-rows";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { insertUser } from "@/test-support/users";
import { exportCsvStream } from "./csv-export";
import { copyExportStream, copyStatement } from "./csv-export-copy";
import type { InvoiceListFilter } from "./list-filter";

// COPY … TO STDOUT is PostgreSQL's: this file runs in the PostgreSQL leg of npm test.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** Cells a spreadsheet, a CSV parser or SQL quoting could each get wrong. */
const HOSTILE = [
  "=1+1",
  "+cmd",
  "-2",
  "@SUM(A1)",
  "\tTab",
  "\rReturn",
  'quo"te',
  "com,ma",
  "new\nline",
  "  spaced  ",
  "\\.",
  "O'Brien",
  "ünïcødé ✓ 🧾",
];

let testDb: TestDb;
let pool: pg.Pool;
let ana: string;

describe.runIf(onPostgres)("the invoice export through COPY", () => {
  beforeAll(async () => {
    testDb = await createTestDb();
    pool = new pg.Pool({ connectionString: testDb.url, max: 2 });
    ana = (
      await insertUser(testDb.db, {
        email: "ana@example.com",
        name: "Ana",
        role: "support",
        password: "a-long-password-1",
      })
    ).id;
    await insertListInvoices(testDb.db, [
      ...HOSTILE.map((text, index) => ({
        orderId: `hostile-${index}`,
        serviceId: text,
        customerId: text,
        status: index % 2 ? ("underpaid" as const) : ("paid" as const),
        amount: "12345678.90",
        cryptoAmount: "0.000000012345678901",
        paidFiatAmount: index % 3 ? "0.10" : null,
        currency: index % 2 ? "USDT" : null,
        network: index % 2 ? "tron" : null,
        payUrl: index % 2 ? `https://pay.example/${index}?a=1,b="2"` : null,
        createdBy: index % 2 ? ana : null,
        createdAt: `2025-03-0${(index % 9) + 1}T10:00:00.${String(index).padStart(6, "0")}Z`,
      })),
      { orderId: "=order", customerId: "", createdAt: "2025-03-10T23:59:59.999999Z" },
    ]);
    // Microseconds that round up and down, and none at all.
    await testDb.db.execute(sql`
      update ${invoices} set expires_at = case
        when order_id = 'hostile-0' then '2025-03-01T11:00:00.999999Z'::timestamptz
        when order_id = 'hostile-1' then '2025-03-01T11:00:00.000500Z'::timestamptz
        when order_id = 'hostile-2' then '2025-03-01T11:00:00Z'::timestamptz
        else null end`);
    const [paid] = await testDb.db.select().from(invoices).where(eq(invoices.orderId, "hostile-1"));
    await testDb.db.insert(invoiceTransactions).values([
      { invoiceId: paid?.id ?? "", txid: '=HYPERLINK("x")', amount: "1.5", firstSeenAt: new Date() },
      { invoiceId: paid?.id ?? "", txid: "0xfirst", amount: "0.000001", firstSeenAt: new Date(0) },
    ]);
  });
  afterAll(async () => {
    await pool?.end();
    await testDb?.close();
  });

  const read = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

  it.each<[string, InvoiceListFilter]>([
    ["everything", {}],
    ["a status", { status: "underpaid" }],
    ["unresolved exceptions", { status: "unresolved" }],
    ["a search with a quote in it", { q: "O'Brien" }],
    ["a search with a backslash", { q: "\\." }],
    ["a date range", { dateFrom: "2025-03-02", dateTo: "2025-03-05" }],
    ["created by someone", { createdBy: "00000000-0000-4000-8000-000000000000" }],
  ])("writes the same bytes as the streamed export for %s", async (_name, filter) => {
    const expected = await read(exportCsvStream(testDb.db, filter));
    expect(await read(copyExportStream(pool, filter))).toBe(expected);
  });

  it("writes the same bytes for one person's invoices", async () => {
    const filter = { createdBy: ana };
    const expected = await read(exportCsvStream(testDb.db, filter));
    expect(expected.split("\n").length).toBeGreaterThan(3);
    expect(await read(copyExportStream(pool, filter))).toBe(expected);
  });

  it("inlines a search as a quoted literal, never as SQL", () => {
    const statement = copyStatement({ q: "x'); drop table invoices; --" });
    expect(statement).toContain("'x''); drop table invoices; --'");
  });

  it("gives its connection back, and the pool goes on working, after a reader stops early", async () => {
    const reader = copyExportStream(pool, {}).getReader();
    await reader.read();
    await reader.cancel();
    for (let i = 0; i < 3; i++) {
      expect((await read(copyExportStream(pool, { status: "paid" }))).startsWith("order_id,")).toBe(true);
    }
  });
});
