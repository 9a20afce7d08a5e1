import type { Metadata } from "next";
import { InvoiceForm } from "@/components/invoices/form/invoice-form";
import { requirePermission } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { emptyInvoiceForm } from "@/lib/invoices/form-schema";
import { mailEnabled } from "@/lib/mail/app-mail";
import { formValuesFromRequest } from "@/lib/invoices/form-from-request";
import { getInvoiceRequest } from "@/lib/invoices/invoice-detail";
import { newOrderId } from "@/lib/order-id";
import type { CreateInvoiceInput } from "@/lib/service/schemas";

export const metadata: Metadata = { title: "New invoice" };

type SearchParams = Promise<{ from?: string; resend?: string }>;

export default async function NewInvoicePage({ searchParams }: { searchParams: SearchParams }) {
  await requirePermission("invoices:create");
  const { from, resend } = await searchParams;
  const source = from && /^[0-9a-f-]{36}$/i.test(from) ? await getInvoiceRequest(await getDb(), from) : null;
  // "Edit and send again" keeps the order id of an invoice the service refused; "Duplicate" gets a
  // new one. An invoice whose outcome is unknown is never edited: it is sent again as it was.
  const keepOrderId = Boolean(source && resend === "1" && source.creationState === "rejected");
  const orderId = keepOrderId && source ? source.orderId : newOrderId("inv");
  const defaults = source
    ? {
        ...formValuesFromRequest(source.request as CreateInvoiceInput, orderId),
        ...(keepOrderId ? {} : { duplicateOf: from }),
      }
    : emptyInvoiceForm(orderId);

  return (
    <div className="grid max-w-3xl gap-6">
      <div>
        <h1 className="text-2xl font-semibold">
          {source ? (keepOrderId ? "Edit and send again" : "Duplicate invoice") : "New invoice"}
        </h1>
        <p className="text-sm text-slate-600">
          The customer pays on the service&apos;s payment page; you get a link to share once the invoice is
          created.
        </p>
      </div>
      <InvoiceForm defaultValues={defaults} offerEmail={mailEnabled()} />
    </div>
  );
}
