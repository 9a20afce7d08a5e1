import type { NextRequest } from "next/server";
import { auditCsvStream, auditExportFileName } from "@/lib/audit/csv-export";
import { parseAuditParams } from "@/lib/audit/list-filter";
import { recordCsvExport } from "@/lib/audit/record-export";
import { readSession } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { csvResponse } from "@/lib/csv/stream-csv";
import { getDb } from "@/lib/db/client";
import { displayPreferencesOf } from "@/lib/display/preferences";
import { hasUnsafeSearchParam } from "@/lib/validation/text";

/** The audit log as CSV, with the page's filters (not its page): streamed, any size, audited. */
export async function GET(request: NextRequest) {
  const session = await readSession();
  if (session.status !== "active") return new Response("Sign in to export the audit log.", { status: 401 });
  if (!can(session.user.role, "audit:view")) {
    return new Response("Your role may not read the audit log. Ask an admin or finance.", { status: 403 });
  }
  if (hasUnsafeSearchParam(request.nextUrl.searchParams)) {
    return new Response("The filter holds an invisible control character: remove it.", { status: 400 });
  }
  const { cursor: _cursor, dir: _dir, ...filter } = parseAuditParams(request.nextUrl.searchParams);
  const db = await getDb();
  await recordCsvExport(db, session.user, "audit", { ...filter });
  const timeZone = displayPreferencesOf(session.user).timeZone;
  return csvResponse(auditCsvStream(db, { ...filter, timeZone }), auditExportFileName(new Date()));
}
