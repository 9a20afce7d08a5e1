import Link from "next/link";
import { Button } from "@/components/ui/button";
import { toInvoiceListQuery, type InvoiceListParams } from "@/lib/invoices/list-filter";
import type { InvoiceListPage } from "@/lib/invoices/list-invoices";

/** Keyset paging: first, previous and next page; there are no page numbers to jump to. */
export function InvoiceListPager({ params, page }: { params: InvoiceListParams; page: InvoiceListPage }) {
  const filter = { ...params, cursor: undefined, dir: undefined };
  const href = (query: string) => (query ? `/invoices?${query}` : "/invoices");
  return (
    <nav aria-label="Pages" className="flex items-center justify-end gap-2">
      {page.prevCursor ? (
        <>
          <Button variant="ghost" size="sm" asChild>
            <Link href={href(toInvoiceListQuery(filter))}>First page</Link>
          </Button>
          <Button variant="secondary" size="sm" asChild>
            <Link href={href(toInvoiceListQuery({ ...filter, cursor: page.prevCursor, dir: "prev" }))}>
              Previous page
            </Link>
          </Button>
        </>
      ) : null}
      {page.nextCursor ? (
        <Button variant="secondary" size="sm" asChild>
          <Link href={href(toInvoiceListQuery({ ...filter, cursor: page.nextCursor }))}>Next page</Link>
        </Button>
      ) : null}
    </nav>
  );
}
