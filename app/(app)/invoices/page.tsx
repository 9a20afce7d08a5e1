import type { Metadata } from "next";
import { InvoiceListView } from "@/components/invoices/list/invoice-list-view";
import { requirePermission } from "@/lib/auth/guards";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { displayPreferencesOf } from "@/lib/display/preferences";
import { refusedSearch } from "@/lib/validation/text";
import { hasInvoiceFilter, invoiceFilterFor, parseInvoiceListParams } from "@/lib/invoices/list-filter";
import { hasAnyInvoice, listInvoices } from "@/lib/invoices/list-invoices";

export const metadata: Metadata = { title: "Invoices" };

export default async function InvoicesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePermission("invoices:view");
  const raw = await searchParams;
  const params = parseInvoiceListParams(raw);
  const db = await getDb();
  const filter = invoiceFilterFor(params, { id: user.id, timeZone: displayPreferencesOf(user).timeZone });
  const page = await listInvoices(db, {
    ...filter,
    limit: params.limit,
    cursor: params.cursor,
    dir: params.dir,
  });
  const anyInvoice =
    page.rows.length > 0 || (hasInvoiceFilter(filter) || params.cursor ? await hasAnyInvoice(db) : false);
  return (
    <InvoiceListView
      params={params}
      refusedSearch={refusedSearch(raw)}
      page={page}
      anyInvoice={anyInvoice}
      canCreate={can(user.role, "invoices:create")}
      now={new Date()}
    />
  );
}
