import { NextResponse, type NextRequest } from "next/server";
import { readSession } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { hasUnsafeSearchParam } from "@/lib/validation/text";
import { addressesPaidBefore } from "@/lib/withdrawals/paid-addresses";

// Asked by the request form: has Paydesk ever paid out to this address?
export async function GET(request: NextRequest) {
  const session = await readSession();
  if (session.status !== "active") return NextResponse.json({ message: "Sign in again." }, { status: 401 });
  if (!can(session.user.role, "withdrawals:request")) {
    return NextResponse.json({ message: "Forbidden." }, { status: 403 });
  }
  const address = request.nextUrl.searchParams.get("address")?.trim() ?? "";
  if (!address || address.length > 200 || hasUnsafeSearchParam(request.nextUrl.searchParams))
    return NextResponse.json({ message: "Give an address." }, { status: 400 });
  const paid = await addressesPaidBefore(await getDb(), [address], []);
  return NextResponse.json({ paidBefore: paid.has(address) }, { headers: { "Cache-Control": "no-store" } });
}
