import { NextResponse } from "next/server";
import { readSession } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { getInvoiceDetail } from "@/lib/invoices/invoice-detail";
import { refreshIfWatchedAndStale } from "@/lib/invoices/view-refresh";

// Polled by the invoice page while the invoice is open; see view-refresh.ts.
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const session = await readSession();
  if (session.status !== "active") return NextResponse.json({ message: "Sign in again." }, { status: 401 });
  if (!can(session.user.role, "invoices:view"))
    return NextResponse.json({ message: "Forbidden." }, { status: 403 });
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) return NextResponse.json({ message: "Not found." }, { status: 404 });
  const db = await getDb();
  await refreshIfWatchedAndStale(db, id);
  const detail = await getInvoiceDetail(db, id);
  if (!detail) return NextResponse.json({ message: "Not found." }, { status: 404 });
  return NextResponse.json(detail, { headers: { "Cache-Control": "no-store" } });
}
