import "server-only";
import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import { Money } from "@/lib/ledger/money";
import { coinDecimals } from "@/lib/currencies/coin-precision";
import type { DbOrTx } from "@/lib/db/types";
import { lineColumns, summaryColumns } from "./csv";
import type { StatementRow } from "./figures";
import type { LineFilter } from "./lines";
import { linesWithShares } from "./lines-source";
import type { StatementRange } from "./range-in-zone";

/**
 * The summary and the lines as one workbook, the same columns as the two CSV files, streamed
 * (exceljs's streaming writer: a sheet's rows leave as they are written). Text is written as text
 * cells, which a spreadsheet never runs as a formula. Amounts are numbers, so that they can be
 * summed; a spreadsheet's numbers are binary floating point, exact to 15 significant digits, so
 * an amount that would not survive the conversion is written as text instead (the CSV is exact).
 */
const AMOUNT_COLUMNS = new Set([
  "opening_balance",
  "received",
  "refunded",
  "paid_out",
  "fees",
  "fee",
  "balance_change",
  "closing_balance",
]);
/** An XLSX sheet holds 1,048,576 rows: the lines go on in another sheet past that. */
const LINES_PER_SHEET = 1_048_575;

function amountCell(value: string): number | string {
  const number = Number(value);
  return new Money(number).equals(value) ? number : value;
}

const amountFormat = (currency: string) => `#,##0.00${"#".repeat(Math.max(0, coinDecimals(currency) - 2))}`;

function addRow(
  sheet: ExcelJS.Worksheet,
  names: readonly string[],
  cells: Record<string, string>,
  currency: string,
) {
  const row = sheet.addRow(
    names.map((name) => (AMOUNT_COLUMNS.has(name) ? amountCell(cells[name] ?? "0") : cells[name])),
  );
  names.forEach((name, index) => {
    if (AMOUNT_COLUMNS.has(name)) row.getCell(index + 1).numFmt = amountFormat(currency);
  });
  row.commit();
}

const cellsOf = <Row>(columns: Record<string, (row: Row) => string>, row: Row) =>
  Object.fromEntries(Object.entries(columns).map(([name, format]) => [name, format(row)]));

export function statementWorkbookStream(
  db: DbOrTx,
  range: StatementRange,
  rows: readonly StatementRow[],
  filter: LineFilter,
  notes: readonly string[],
): ReadableStream<Uint8Array> {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
  const write = async () => {
    const summary = workbook.addWorksheet("Summary");
    const summaryNames = Object.keys(summaryColumns);
    summary.addRow(summaryNames).commit();
    for (const row of rows)
      addRow(summary, summaryNames, cellsOf(summaryColumns, { range, row }), row.currency);
    summary.addRow([]).commit();
    for (const note of notes) summary.addRow([note]).commit();
    summary.commit();

    const columns = lineColumns(range.timeZone);
    const lineNames = Object.keys(columns);
    let sheet: ExcelJS.Worksheet | undefined;
    let sheets = 0;
    let rowsInSheet = LINES_PER_SHEET;
    for await (const batch of linesWithShares(db, range, filter)) {
      for (const line of batch) {
        if (rowsInSheet === LINES_PER_SHEET) {
          sheet?.commit();
          sheets += 1;
          sheet = workbook.addWorksheet(sheets === 1 ? "Lines" : `Lines ${sheets}`);
          sheet.addRow(lineNames).commit();
          rowsInSheet = 0;
        }
        if (sheet) addRow(sheet, lineNames, cellsOf(columns, line), line.line.currency);
        rowsInSheet += 1;
      }
      // The reader sets the pace: the next batch is read once the file's last part was taken.
      if (output.writableNeedDrain) await once(output, "drain");
    }
    if (!sheet) workbook.addWorksheet("Lines").addRow(lineNames).commit();
    sheet?.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}
