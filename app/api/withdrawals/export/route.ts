import type { NextRequest } from "next/server";
import { readSession } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { csvResponse } from "@/lib/csv/stream-csv";
import { recordAudit } from "@/lib/audit/record";
import { requestActor } from "@/lib/audit/request-actor";
import { getDb } from "@/lib/db/client";
import { displayPreferencesOf } from "@/lib/display/preferences";
import { hasUnsafeSearchParam } from "@/lib/validation/text";
import { exportCsvStream, exportFileName } from "@/lib/withdrawals/csv-export";
import { parseWithdrawalListParams, withdrawalFilterFor } from "@/lib/withdrawals/list-filter";

/** The withdrawal list as CSV, with the list's filters (not its page): streamed, any size. */
export async function GET(request: NextRequest) {
  const session = await readSession();
  if (session.status !== "active") return new Response("Sign in to export withdrawals.", { status: 401 });
  if (!can(session.user.role, "withdrawals:view")) {
    return new Response("Your role may not view withdrawals.", { status: 403 });
  }
  if (hasUnsafeSearchParam(request.nextUrl.searchParams)) {
    return new Response("The filter holds an invisible control character: remove it.", { status: 400 });
  }
  const params = parseWithdrawalListParams(request.nextUrl.searchParams);
  const filter = withdrawalFilterFor(params, {
    id: session.user.id,
    timeZone: displayPreferencesOf(session.user).timeZone,
  });
  const db = await getDb();
  await recordAudit(db, await requestActor(session.user), {
    action: "csv.exported",
    object: { type: "export", id: "withdrawals" },
    after: { ...filter },
  });
  const stream = exportCsvStream(db, filter);
  return csvResponse(stream, exportFileName(new Date()));
}
