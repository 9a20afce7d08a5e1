import Link from "next/link";
import { Button } from "@/components/ui/button";
import { toWithdrawalListQuery, type WithdrawalListParams } from "@/lib/withdrawals/list-filter";
import type { WithdrawalListPage } from "@/lib/withdrawals/list-withdrawals";

/** Keyset paging: first, previous and next page; there are no page numbers to jump to. */
export function WithdrawalListPager({
  params,
  page,
}: {
  params: WithdrawalListParams;
  page: WithdrawalListPage;
}) {
  const filter = { ...params, cursor: undefined, dir: undefined };
  const href = (query: string) => (query ? `/withdrawals?${query}` : "/withdrawals");
  return (
    <nav aria-label="Pages" className="flex items-center justify-end gap-2">
      {page.prevCursor ? (
        <>
          <Button variant="ghost" size="sm" asChild>
            <Link href={href(toWithdrawalListQuery(filter))}>First page</Link>
          </Button>
          <Button variant="secondary" size="sm" asChild>
            <Link href={href(toWithdrawalListQuery({ ...filter, cursor: page.prevCursor, dir: "prev" }))}>
              Previous page
            </Link>
          </Button>
        </>
      ) : null}
      {page.nextCursor ? (
        <Button variant="secondary" size="sm" asChild>
          <Link href={href(toWithdrawalListQuery({ ...filter, cursor: page.nextCursor }))}>Next page</Link>
        </Button>
      ) : null}
    </nav>
  );
}
