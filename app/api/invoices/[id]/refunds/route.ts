import { NextResponse } from "next/server";
import { readSession } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { invoiceRefunds } from "@/lib/refunds/invoice-refunds";

// Polled by the invoice page's Refunds card while a refund is on its way.
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const session = await readSession();
  if (session.status !== "active") return NextResponse.json({ message: "Sign in again." }, { status: 401 });
  // Refunds are withdrawals; everyone who may see withdrawals may see invoices too (one permission table).
  if (!can(session.user.role, "withdrawals:view"))
    return NextResponse.json({ message: "Forbidden." }, { status: 403 });
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) return NextResponse.json({ message: "Not found." }, { status: 404 });
  const refunds = await invoiceRefunds(await getDb(), id);
  if (!refunds) return NextResponse.json({ message: "Not found." }, { status: 404 });
  return NextResponse.json(refunds, { headers: { "Cache-Control": "no-store" } });
}
