import { NextResponse } from "next/server";
import { readSession } from "@/lib/auth/current-user";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { listInvoiceMail } from "@/lib/invoice-mail/list-invoice-mail";

// Polled by the invoice page's Email card while an email is on its way.
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const session = await readSession();
  if (session.status !== "active") return NextResponse.json({ message: "Sign in again." }, { status: 401 });
  if (!can(session.user.role, "invoices:view"))
    return NextResponse.json({ message: "Forbidden." }, { status: 403 });
  const { id } = await params;
  if (!/^[0-9a-f-]{36}$/i.test(id)) return NextResponse.json({ message: "Not found." }, { status: 404 });
  const rows = await listInvoiceMail(await getDb(), id);
  return NextResponse.json(rows, { headers: { "Cache-Control": "no-store" } });
}
