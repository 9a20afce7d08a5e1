import type { NextRequest } from "next/server";
import { readSession } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { csvResponse } from "@/lib/csv/stream-csv";
import { getDb } from "@/lib/db/client";
import { summaryCsv } from "@/lib/statement/csv";
import { statementFigures } from "@/lib/statement/figures";
import { recordStatementDownload } from "@/lib/statement/record-download";
import { paramErrorsText, readStatementRequest, statementFileName } from "@/lib/statement/request";

/** The statement's summary as CSV: one row per coin and network, for the page's period. */
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
  await recordStatementDownload(db, session.user, "statement-summary", "csv", asked.range);
  const file = new Blob([summaryCsv(asked.range, rows)]).stream();
  return csvResponse(file, statementFileName(asked.range, "summary", "csv"));
}
