import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices, invoiceTransactions } from "@/lib/db/schema";
import { neutraliseFormula } from "@/lib/csv/stream-csv";
import { createTestDb, type TestDb } from "@/test-support/test-db";
import { CSV_COLUMNS, exportFileName, exportCsvStream, readExportBatches } from "./csv-export";
import { insertListInvoices } from "@/test-support/invoice-rows";
import { parseCsv } from "@/test-support/parse-csv";

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
  await insertListInvoices(testDb.db, [
    {
      orderId: '=HYPERLINK("http://evil")',
      serviceId: "svc-1",
      customerId: "@cust",
      customerEmail: "+buyer@example.com",
      status: "paid",
      serviceStatus: "paid",
      amount: "12345678901234567890.123456789",
      paidFiatAmount: "0.10",
      cryptoAmount: "0.000000000000000001",
      paidCryptoAmount: "0.30000000000000000004",
      currency: "USDT",
      network: "tron",
      payUrl: "https://pay.example/abc",
      expiresAt: new Date("2025-01-01T13:00:00Z"),
      createdAt: "2025-01-01T12:00:00.123456Z",
    },
    { orderId: 'quote "and", comma\nnewline', customerId: "-1+2", createdAt: "2025-01-01T11:00:00Z" },
    ...Array.from({ length: 8 }, (_, i) => ({
      orderId: `bulk-${i}`,
      createdAt: `2024-12-0${i + 1}T00:00:00Z`,
    })),
  ]);
  const [paid] = await testDb.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.serviceId, "svc-1"));
  const paidId = paid?.id ?? "";
  await testDb.db.insert(invoiceTransactions).values([
    { invoiceId: paidId, txid: "aaa-first", amount: "0.1", firstSeenAt: new Date("2025-01-01T12:10:00Z") },
    {
      invoiceId: paidId,
      txid: "bbb-latest",
      amount: "0.20000000000000000004",
      firstSeenAt: new Date("2025-01-01T12:20:00Z"),
    },
  ]);
});
afterAll(() => testDb.close());

async function readChunks(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const decoder = new TextDecoder();
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(decoder.decode(chunk));
  return chunks;
}

describe("CSV export", () => {
  it("writes the header, exact decimals, escaping and neutralised formulas", async () => {
    const text = (await readChunks(exportCsvStream(testDb.db, { q: "svc-1" }))).join("");
    const [header, ...rows] = parseCsv(text) as string[][];
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(rows).toEqual([
      [
        '\'=HYPERLINK("http://evil")',
        "svc-1",
        "paid",
        "paid",
        "12345678901234567890.123456789",
        "USD",
        "0.10",
        "0.000000000000000001",
        "0.30000000000000000004",
        "USDT",
        "tron",
        "'@cust",
        "'+buyer@example.com",
        "2025-01-01T12:00:00.123456Z",
        "2025-01-01T13:00:00.000Z",
        "https://pay.example/abc",
        "2",
        "0.30000000000000000004",
        "bbb-latest",
      ],
    ]);
  });

  it("quotes commas, quotes and newlines", async () => {
    const text = (await readChunks(exportCsvStream(testDb.db, { q: "-1+2" }))).join("");
    expect(text).toContain('"quote ""and"", comma\nnewline"');
    const [, row] = parseCsv(text) as string[][];
    expect(row?.[0]).toBe('quote "and", comma\nnewline');
    expect(row?.[11]).toBe("'-1+2");
  });

  it("streams in keyset batches, one query per pull, every row once", async () => {
    const chunks = await readChunks(exportCsvStream(testDb.db, {}, 3));
    // 10 rows in batches of 3: 3 + 3 + 3 + 1, the header in the first chunk only.
    expect(chunks).toHaveLength(4);
    expect(chunks[0]?.startsWith("order_id,invoice_id,")).toBe(true);
    expect(chunks.slice(1).some((chunk) => chunk.includes("order_id,"))).toBe(false);
    const rows = (parseCsv(chunks.join("")) as string[][]).slice(1);
    expect(rows.map((row) => row[0])).toEqual([
      '\'=HYPERLINK("http://evil")',
      'quote "and", comma\nnewline',
      ...Array.from({ length: 8 }, (_, i) => `bulk-${7 - i}`),
    ]);
  });

  it("reads no further than the reader has pulled", async () => {
    const batches = readExportBatches(testDb.db, {}, 4);
    const first = await batches.next();
    expect(first.done ? [] : first.value).toHaveLength(4);
    await batches.return(undefined);
  });

  it("writes just the header when nothing matches", async () => {
    expect((await readChunks(exportCsvStream(testDb.db, { q: "nothing" }))).join("")).toBe(
      `${CSV_COLUMNS.join(",")}\n`,
    );
  });
});

describe("CSV helpers", () => {
  it.each([
    ["=1+1", "'=1+1"],
    ["+1", "'+1"],
    ["-1", "'-1"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tx", "'\tx"],
    ["plain", "plain"],
    [null, ""],
  ])("neutralises %j", (input, output) => {
    expect(neutraliseFormula(input)).toBe(output);
  });

  it("names the file by date", () => {
    expect(exportFileName(new Date("2025-03-04T23:00:00Z"))).toBe("invoices-20250304.csv");
  });
});
