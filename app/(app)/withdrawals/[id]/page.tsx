import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { WithdrawalView } from "@/components/withdrawals/detail/withdrawal-view";
import { requirePermission } from "@/lib/auth/guards";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { payoutLedger } from "@/lib/ledger-lines/read-lines";
import { getWithdrawalDetail } from "@/lib/withdrawals/withdrawal-detail";

export const metadata: Metadata = { title: "Withdrawal" };

export default async function WithdrawalPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePermission("withdrawals:view");
  const { id } = await params;
  const db = await getDb();
  const detail = /^[0-9a-f-]{36}$/i.test(id) ? await getWithdrawalDetail(db, id, user) : null;
  if (!detail) notFound();
  // Whoever may see the payout sees its lines in the books (withdrawals:view, checked above).
  const ledger = await payoutLedger(db, detail.withdrawal.id);
  if (!ledger) notFound();
  return <WithdrawalView initial={detail} canAudit={can(user.role, "audit:view")} ledger={ledger} />;
}
