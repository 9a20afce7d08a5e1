import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { WithdrawalView } from "@/components/withdrawals/detail/withdrawal-view";
import { requirePermission } from "@/lib/auth/guards";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db/client";
import { getWithdrawalDetail } from "@/lib/withdrawals/withdrawal-detail";

export const metadata: Metadata = { title: "Withdrawal" };

export default async function WithdrawalPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePermission("withdrawals:view");
  const { id } = await params;
  const detail = /^[0-9a-f-]{36}$/i.test(id) ? await getWithdrawalDetail(await getDb(), id, user) : null;
  if (!detail) notFound();
  return <WithdrawalView initial={detail} canAudit={can(user.role, "audit:view")} />;
}
