import { NextResponse } from "next/server";
import { readSession } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { currentSystemInputs } from "@/lib/system/process-facts";
import { systemReport } from "@/lib/system/system-report";

const NO_STORE = { "Cache-Control": "no-store" };

/** The System page as JSON, for a support ticket (its "Download JSON" link). Admins only. */
export async function GET() {
  const session = await readSession();
  if (session.status !== "active")
    return NextResponse.json({ message: "Sign in again." }, { status: 401, headers: NO_STORE });
  if (!can(session.user.role, "system:read"))
    return NextResponse.json({ message: "Forbidden." }, { status: 403, headers: NO_STORE });
  const report = await systemReport(await getDb(), currentSystemInputs());
  return NextResponse.json(report, { headers: NO_STORE });
}
