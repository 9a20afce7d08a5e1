import type { NextRequest } from "next/server";
import { readSession } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { csvResponse } from "@/lib/csv/stream-csv";
import { recordAudit } from "@/lib/audit/record";
import { requestActor } from "@/lib/audit/request-actor";
import { getDbHandle } from "@/lib/db/client";
import { displayPreferencesOf } from "@/lib/display/preferences";
import { hasUnsafeSearchParam } from "@/lib/validation/text";
import { exportFileName, exportCsvStream } from "@/lib/invoices/csv-export";
import { copyExportStream } from "@/lib/invoices/csv-export-copy";
import { invoiceFilterFor, parseInvoiceListParams } from "@/lib/invoices/list-filter";

/** The invoice list as CSV, with the list's filters (not its page): streamed, any size. */
export async function GET(request: NextRequest) {
  const session = await readSession();
  if (session.status !== "active") return new Response("Sign in to export invoices.", { status: 401 });
  if (!can(session.user.role, "invoices:view")) {
    return new Response("Your role may not view invoices.", { status: 403 });
  }
  if (hasUnsafeSearchParam(request.nextUrl.searchParams)) {
    return new Response("The filter holds an invisible control character: remove it.", { status: 400 });
  }
  const params = parseInvoiceListParams(request.nextUrl.searchParams);
  const filter = invoiceFilterFor(params, {
    id: session.user.id,
    timeZone: displayPreferencesOf(session.user).timeZone,
  });
  const { db, pgPool } = await getDbHandle();
  await recordAudit(db, await requestActor(session.user), {
    action: "csv.exported",
    object: { type: "export", id: "invoices" },
    after: { ...filter },
  });
  // On PostgreSQL the database writes the CSV itself (COPY); PGlite's rows are formatted here.
  const stream = pgPool ? copyExportStream(pgPool, filter) : exportCsvStream(db, filter);
  return csvResponse(stream, exportFileName(new Date()));
}
