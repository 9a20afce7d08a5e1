import { KeysetPager } from "@/components/lists/keyset-pager";
import { toInvoiceListQuery, type InvoiceListParams } from "@/lib/invoices/list-filter";
import type { InvoiceListPage } from "@/lib/invoices/list-invoices";

export function InvoiceListPager({ params, page }: { params: InvoiceListParams; page: InvoiceListPage }) {
  const filter = { ...params, cursor: undefined, dir: undefined };
  return (
    <KeysetPager
      basePath="/invoices"
      queryFor={(cursor) => toInvoiceListQuery({ ...filter, ...cursor })}
      prevCursor={page.prevCursor}
      nextCursor={page.nextCursor}
    />
  );
}
