import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { InvoiceView } from "@/components/invoices/detail/invoice-view";
import { requirePermission } from "@/lib/auth/guards";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { getInvoiceDetail } from "@/lib/invoices/invoice-detail";
import { mailEnabled } from "@/lib/mail/app-mail";
import { invoiceException } from "@/lib/exceptions/invoice-exception";
import { invoiceLedger } from "@/lib/ledger-lines/read-lines";
import { invoiceRefunds } from "@/lib/refunds/invoice-refunds";

export const metadata: Metadata = { title: "Invoice" };

export default async function InvoicePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePermission("invoices:view");
  const { id } = await params;
  const db = await getDb();
  const invoice = /^[0-9a-f-]{36}$/i.test(id) ? await getInvoiceDetail(db, id) : null;
  if (!invoice) notFound();
  const seesRefunds = can(user.role, "withdrawals:view");
  const exception = await invoiceException(db, invoice.id);
  if (!exception) notFound();
  // Whoever may see the invoice sees its lines in the books (invoices:view, checked above).
  const ledger = await invoiceLedger(db, invoice.id);
  if (!ledger) notFound();
  return (
    <InvoiceView
      initial={invoice}
      canCreate={can(user.role, "invoices:create")}
      canAudit={can(user.role, "audit:view")}
      refunds={seesRefunds ? await invoiceRefunds(db, invoice.id) : null}
      canRefund={can(user.role, "withdrawals:request")}
      exception={exception}
      canResolve={can(user.role, "invoices:resolve")}
      mail={mailEnabled()}
      ledger={ledger}
    />
  );
}
