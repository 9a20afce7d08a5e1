import { NextResponse } from "next/server";
import { readSession } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { payoutLedger } from "@/lib/ledger-lines/read-lines";

// Read by the withdrawal page's Ledger card again when the payout moves.
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const session = await readSession();
  if (session.status !== "active") return NextResponse.json({ message: "Sign in again." }, { status: 401 });
  if (!can(session.user.role, "withdrawals:view"))
    return NextResponse.json({ message: "Forbidden." }, { status: 403 });
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) return NextResponse.json({ message: "Not found." }, { status: 404 });
  const ledger = await payoutLedger(await getDb(), id);
  if (!ledger) return NextResponse.json({ message: "Not found." }, { status: 404 });
  return NextResponse.json(ledger, { headers: { "Cache-Control": "no-store" } });
}
