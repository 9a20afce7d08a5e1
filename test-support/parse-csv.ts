import { parse } from "csv-parse/sync";

/** Rows of fields as a spreadsheet reads them (RFC 4180, by csv-stringify's sibling csv-parse). */
export function parseCsv(text: string): string[][] {
  return parse(text, { relax_column_count: true, bom: true }) as string[][];
}

/** The rows as records by the header's names. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header = [], ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ""])));
}
