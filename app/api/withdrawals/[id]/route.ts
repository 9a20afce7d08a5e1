import { NextResponse } from "next/server";
import { readSession } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { getWithdrawalDetail } from "@/lib/withdrawals/withdrawal-detail";

// Polled by the withdrawal page until the payout reaches a final state.
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const session = await readSession();
  if (session.status !== "active") return NextResponse.json({ message: "Sign in again." }, { status: 401 });
  if (!can(session.user.role, "withdrawals:view"))
    return NextResponse.json({ message: "Forbidden." }, { status: 403 });
  const { id } = await params;
  const detail = /^[0-9a-f-]{36}$/i.test(id)
    ? await getWithdrawalDetail(await getDb(), id, session.user)
    : null;
  if (!detail) return NextResponse.json({ message: "Not found." }, { status: 404 });
  return NextResponse.json(detail, { headers: { "Cache-Control": "no-store" } });
}
