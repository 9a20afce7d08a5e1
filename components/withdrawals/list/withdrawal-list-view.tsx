import Link from "next/link";
import { Button } from "@/components/ui/button";
import { toWithdrawalListQuery, type WithdrawalListParams } from "@/lib/withdrawals/list-filter";
import type { WithdrawalListPage } from "@/lib/withdrawals/list-withdrawals";
import { WithdrawalFilterBar } from "./withdrawal-filter-bar";
import { WithdrawalListEmpty } from "./withdrawal-list-empty";
import { WithdrawalListPager } from "./withdrawal-list-pager";
import { WithdrawalListTable } from "./withdrawal-list-table";

interface WithdrawalListViewProps {
  params: WithdrawalListParams;
  page: WithdrawalListPage;
  /** Whether any withdrawal exists at all; only asked when the page is empty. */
  anyWithdrawal: boolean;
  canRequest: boolean;
  canApprove: boolean;
  /** The search as typed when it held text that cannot be searched. */
  refusedSearch?: string;
}

export function WithdrawalListView({
  params,
  page,
  anyWithdrawal,
  canRequest,
  canApprove,
  refusedSearch,
}: WithdrawalListViewProps) {
  const exportQuery = toWithdrawalListQuery({
    state: params.state,
    q: params.q,
    dateFrom: params.dateFrom,
    dateTo: params.dateTo,
    mine: params.mine,
  });
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Withdrawals</h1>
          <p className="text-sm text-slate-600">Every payout requested in Paydesk, newest first.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" asChild>
            <a href={`/api/withdrawals/export${exportQuery ? `?${exportQuery}` : ""}`} download>
              Export CSV
            </a>
          </Button>
          {canApprove ? (
            <Button variant="secondary" asChild>
              <Link href="/withdrawals/approvals">Approvals</Link>
            </Button>
          ) : null}
          {canRequest ? (
            <Button asChild>
              <Link href="/withdrawals/new">Request withdrawal</Link>
            </Button>
          ) : null}
        </div>
      </div>
      <WithdrawalFilterBar params={params} refusedSearch={refusedSearch} />
      {page.rows.length > 0 ? (
        <WithdrawalListTable rows={page.rows} />
      ) : (
        <WithdrawalListEmpty anyWithdrawal={anyWithdrawal} canRequest={canRequest} />
      )}
      <WithdrawalListPager params={params} page={page} />
    </div>
  );
}
