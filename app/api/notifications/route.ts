import { NextResponse } from "next/server";
import { readSession } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { whatWaitsFor } from "@/lib/what-waits";

// Polled by the header while a page is open: the notifications panel and the navigation counts.
export async function GET() {
  const session = await readSession();
  if (session.status !== "active") return NextResponse.json({ message: "Sign in again." }, { status: 401 });
  if (!can(session.user.role, "notifications:read"))
    return NextResponse.json({ message: "Forbidden." }, { status: 403 });
  const waits = await whatWaitsFor(await getDb(), session.user);
  return NextResponse.json(waits, { headers: { "Cache-Control": "no-store" } });
}
