import { KeysetPager } from "@/components/lists/keyset-pager";
import { toWithdrawalListQuery, type WithdrawalListParams } from "@/lib/withdrawals/list-filter";
import type { WithdrawalListPage } from "@/lib/withdrawals/list-withdrawals";

export function WithdrawalListPager({
  params,
  page,
}: {
  params: WithdrawalListParams;
  page: WithdrawalListPage;
}) {
  const filter = { ...params, cursor: undefined, dir: undefined };
  return (
    <KeysetPager
      basePath="/withdrawals"
      queryFor={(cursor) => toWithdrawalListQuery({ ...filter, ...cursor })}
      prevCursor={page.prevCursor}
      nextCursor={page.nextCursor}
    />
  );
}
