import { NextResponse } from "next/server";
import { readSession } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { stepUpStatusOf } from "@/lib/auth/step-up-status";
import { getDb } from "@/lib/db/client";

// Read by a dialog that may ask for a fresh second factor (an approval): which factors the user
// has, and when this session last confirmed one.
export async function GET() {
  const session = await readSession();
  if (session.status !== "active") return NextResponse.json({ message: "Sign in again." }, { status: 401 });
  if (!can(session.user.role, "account:manage"))
    return NextResponse.json({ message: "Forbidden." }, { status: 403 });
  const status = await stepUpStatusOf(await getDb(), {
    userId: session.user.id,
    sessionId: session.sessionId,
  });
  return NextResponse.json(status, { headers: { "Cache-Control": "no-store" } });
}
