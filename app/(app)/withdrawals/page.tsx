import type { Metadata } from "next";
import { WithdrawalListView } from "@/components/withdrawals/list/withdrawal-list-view";
import { requirePermission } from "@/lib/auth/guards";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { displayPreferencesOf } from "@/lib/display/preferences";
import { refusedSearch } from "@/lib/validation/text";
import {
  hasWithdrawalFilter,
  parseWithdrawalListParams,
  withdrawalFilterFor,
} from "@/lib/withdrawals/list-filter";
import { hasAnyWithdrawal, listWithdrawals } from "@/lib/withdrawals/list-withdrawals";

export const metadata: Metadata = { title: "Withdrawals" };

export default async function WithdrawalsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePermission("withdrawals:view");
  const raw = await searchParams;
  const params = parseWithdrawalListParams(raw);
  const db = await getDb();
  const filter = withdrawalFilterFor(params, { id: user.id, timeZone: displayPreferencesOf(user).timeZone });
  const page = await listWithdrawals(db, {
    ...filter,
    limit: params.limit,
    cursor: params.cursor,
    dir: params.dir,
  });
  const anyWithdrawal =
    page.rows.length > 0 ||
    (hasWithdrawalFilter(filter) || params.cursor ? await hasAnyWithdrawal(db) : false);
  return (
    <WithdrawalListView
      params={params}
      refusedSearch={refusedSearch(raw)}
      page={page}
      anyWithdrawal={anyWithdrawal}
      canRequest={can(user.role, "withdrawals:request")}
      canApprove={can(user.role, "withdrawals:approve")}
    />
  );
}
