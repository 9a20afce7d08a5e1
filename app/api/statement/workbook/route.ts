import type { NextRequest } from "next/server";
import { readSession } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { statementFigures } from "@/lib/statement/figures";
import { STATEMENT_NOTES } from "@/lib/statement/notes";
import { recordStatementDownload } from "@/lib/statement/record-download";
import { paramErrorsText, readStatementRequest, statementFileName } from "@/lib/statement/request";
import { statementWorkbookStream } from "@/lib/statement/xlsx";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The summary and the lines as one XLSX workbook (two sheets), for the page's period and filter. */
export async function GET(request: NextRequest) {
  const session = await readSession();
  if (session.status !== "active") return new Response("Sign in to download the statement.", { status: 401 });
  if (!can(session.user.role, "statement:view")) {
    return new Response("Your role may not read the statement. Ask finance or an admin.", { status: 403 });
  }
  const asked = readStatementRequest(session.user, request.nextUrl.searchParams);
  if (!asked.ok) return new Response(paramErrorsText(asked.errors), { status: 400 });
  const db = await getDb();
  const rows = await statementFigures(db, asked.range);
  await recordStatementDownload(db, session.user, "statement", "xlsx", asked.range, asked.filter);
  return new Response(statementWorkbookStream(db, asked.range, rows, asked.filter, STATEMENT_NOTES), {
    headers: {
      "Content-Type": XLSX,
      "Content-Disposition": `attachment; filename="${statementFileName(asked.range, "", "xlsx")}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
