import ExcelJS from "exceljs";
import Decimal from "decimal.js";
import { and, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionState } from "@/lib/auth/current-user";
import { auditLog } from "@/lib/db/schema";
import { dayIn } from "@/lib/display/time";
import { invoiceThatReceived, openMoneyTestDb } from "@/test-support/money-rows";
import { csvRecords } from "@/test-support/parse-csv";

/**
 * The statement's downloads as route handlers: who may have them, what a bad query string gets,
 * and that the workbook's two sheets hold the CSV files' figures.
 */
const state = vi.hoisted(() => ({
  db: undefined as unknown,
  session: { status: "signed-out" } as SessionState,
}));
vi.mock("@/lib/auth/current-user", () => ({ readSession: async () => state.session }));
vi.mock("@/lib/db/client", () => ({ getDb: async () => state.db }));
// Outside a request there are no headers to read the client address from.
vi.mock("@/lib/audit/request-actor", () => ({
  requestActor: async (user: { id: string; email: string }) => ({
    kind: "user",
    userId: user.id,
    email: user.email,
  }),
}));

const money = openMoneyTestDb();
const { GET: summary } = await import("./summary/route");
const { GET: lines } = await import("./lines/route");
const { GET: workbook } = await import("./workbook/route");

const today = dayIn(new Date(), "Asia/Tokyo");
const query = `from=${today}&to=${today}`;
const get = (handler: typeof summary, search: string) =>
  handler(new NextRequest(`http://paydesk.test/api/statement/x?${search}`));

function signInAs(role: "finance" | "support", id: string) {
  state.session = {
    status: "active",
    user: {
      id,
      email: `${role}@statement.test`,
      name: role,
      role,
      timeZone: "Asia/Tokyo",
      numberLocale: null,
    },
    sessionId: `session-${role}`,
  };
}

beforeAll(async () => {
  state.db = money.db;
  await invoiceThatReceived(money.db, { status: "paid", payments: ["10", "2.5"] });
  await invoiceThatReceived(money.db, { status: "paid", payments: ["0.5"], currency: "BTC", network: "BTC" });
});

describe("the statement's downloads", () => {
  it("are for finance and admins only", async () => {
    state.session = { status: "signed-out" };
    expect((await get(summary, query)).status).toBe(401);
    signInAs("support", money.people.support);
    for (const handler of [summary, lines, workbook]) expect((await get(handler, query)).status).toBe(403);
  });

  it("answer 400 with the reason for a bad period, coin or network", async () => {
    signInAs("finance", money.people.finance1);
    const month = await get(summary, "month=2026-13");
    expect(month.status).toBe(400);
    expect(await month.text()).toBe("month: Choose a month (YYYY-MM).");
    expect((await get(lines, `${query}&currency=${"X".repeat(40)}`)).status).toBe(400);
    expect((await get(workbook, `${query}&network=${"N".repeat(40)}`)).status).toBe(400);
    expect((await get(lines, `from=${today}`)).status).toBe(400);
  });

  it("give the same figures as CSV and as a workbook, and each download is in the audit log", async () => {
    signInAs("finance", money.people.finance1);
    const summaryResponse = await get(summary, query);
    expect(summaryResponse.headers.get("content-disposition")).toBe(
      `attachment; filename="statement-${today}-to-${today}-summary.csv"`,
    );
    const summaryRows = csvRecords(await summaryResponse.text());
    expect(
      summaryRows.map((row) => [row.currency, row.received, row.closing_balance, row.time_zone]),
    ).toEqual([
      ["BTC", "0.5", "0.5", "Asia/Tokyo"],
      ["USDT", "12.5", "12.5", "Asia/Tokyo"],
    ]);
    const lineRows = csvRecords(await (await get(lines, query)).text());
    // The two payments were seen in the same instant: their order between them is the ledger's.
    expect(lineRows.map((row) => [row.currency, row.received, row.balance_change]).sort()).toEqual([
      ["BTC", "0.5", "0.5"],
      ["USDT", "10", "10"],
      ["USDT", "2.5", "2.5"],
    ]);
    expect(lineRows[0]?.moved_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/);

    const response = await get(workbook, query);
    expect(response.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await response.arrayBuffer());
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(["Summary", "Lines"]);
    const records = (sheet: ExcelJS.Worksheet) => {
      const [header, ...rows] = (sheet.getSheetValues() as unknown[][])
        .filter(Boolean)
        .map((row) => row.slice(1));
      return rows.map((row) =>
        Object.fromEntries((header ?? []).map((name, index) => [String(name), row[index]])),
      );
    };
    const [summarySheet, linesSheet] = book.worksheets;
    if (!summarySheet || !linesSheet) throw new Error("sheets missing");
    const bookSummary = records(summarySheet).filter((row) => row.network !== undefined);
    expect(bookSummary.map((row) => [row.currency, row.received, row.closing_balance])).toEqual([
      ["BTC", 0.5, 0.5],
      ["USDT", 12.5, 12.5],
    ]);
    const bookLines = records(linesSheet);
    const usdt = bookLines.filter((row) => row.currency === "USDT");
    expect(usdt.reduce((sum, row) => sum.plus(String(row.received)), new Decimal(0)).toFixed()).toBe("12.5");

    const exported = await money.db
      .select({ objectId: auditLog.objectId, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, "csv.exported"), eq(auditLog.actorId, money.people.finance1)));
    expect(exported.map((entry) => entry.objectId).sort()).toEqual([
      "statement",
      "statement-lines",
      "statement-summary",
    ]);
    expect(exported.find((entry) => entry.objectId === "statement")?.after).toMatchObject({
      format: "xlsx",
      timeZone: "Asia/Tokyo",
      period: { from: today },
    });
  });
});
