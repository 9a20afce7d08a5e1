import Link from "next/link";
import { Button } from "@/components/ui/button";
import { toInvoiceListQuery, type InvoiceListParams } from "@/lib/invoices/list-filter";
import type { InvoiceListPage } from "@/lib/invoices/list-invoices";
import { InvoiceFilterBar } from "./invoice-filter-bar";
import { InvoiceListEmpty } from "./invoice-list-empty";
import { InvoiceListPager } from "./invoice-list-pager";
import { InvoiceListTable } from "./invoice-list-table";

interface InvoiceListViewProps {
  params: InvoiceListParams;
  page: InvoiceListPage;
  /** Whether any invoice exists at all; only asked when the page is empty. */
  anyInvoice: boolean;
  canCreate: boolean;
  now: Date;
  /** The search as typed when it held text that cannot be searched. */
  refusedSearch?: string;
}

export function InvoiceListView({
  params,
  page,
  anyInvoice,
  canCreate,
  now,
  refusedSearch,
}: InvoiceListViewProps) {
  const exportQuery = toInvoiceListQuery({
    status: params.status,
    q: params.q,
    dateFrom: params.dateFrom,
    dateTo: params.dateTo,
    mine: params.mine,
  });
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Invoices</h1>
          <p className="text-sm text-slate-600">Every invoice Paydesk created, newest first.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" asChild>
            <a href={`/api/invoices/export${exportQuery ? `?${exportQuery}` : ""}`} download>
              Export CSV
            </a>
          </Button>
          {canCreate ? (
            <Button asChild>
              <Link href="/invoices/new">New invoice</Link>
            </Button>
          ) : null}
        </div>
      </div>
      <InvoiceFilterBar params={params} refusedSearch={refusedSearch} />
      {page.rows.length > 0 ? (
        <>
          <InvoiceListTable rows={page.rows} now={now} />
          <InvoiceListPager params={params} page={page} />
        </>
      ) : (
        <>
          <InvoiceListEmpty anyInvoice={anyInvoice} canCreate={canCreate} />
          <InvoiceListPager params={params} page={page} />
        </>
      )}
    </div>
  );
}
