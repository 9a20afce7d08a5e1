import type { NextRequest } from "next/server";
import { readSession } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { csvResponse } from "@/lib/csv/stream-csv";
import { getDb } from "@/lib/db/client";
import { linesCsvStream } from "@/lib/statement/csv";
import { recordStatementDownload } from "@/lib/statement/record-download";
import { paramErrorsText, readStatementRequest, statementFileName } from "@/lib/statement/request";

/**
 * The statement's lines as CSV, one per ledger entry that changes the balance, with the page's
 * filter (not its page): streamed, any size. Each amount column sums to the summary's figure.
 */
export async function GET(request: NextRequest) {
  const session = await readSession();
  if (session.status !== "active") return new Response("Sign in to download the statement.", { status: 401 });
  if (!can(session.user.role, "statement:view")) {
    return new Response("Your role may not read the statement. Ask finance or an admin.", { status: 403 });
  }
  const asked = readStatementRequest(session.user, request.nextUrl.searchParams);
  if (!asked.ok) return new Response(paramErrorsText(asked.errors), { status: 400 });
  const db = await getDb();
  await recordStatementDownload(db, session.user, "statement-lines", "csv", asked.range, asked.filter);
  return csvResponse(
    linesCsvStream(db, asked.range, asked.filter),
    statementFileName(asked.range, "lines", "csv"),
  );
}
