import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { WithdrawalForm } from "@/components/withdrawals/form/withdrawal-form";
import { requirePermission } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { newFormToken } from "@/lib/order-id";
import { refundFormFor } from "@/lib/refunds/refund-form";
import { emptyWithdrawalForm } from "@/lib/withdrawals/form-schema";
import { knownBalances } from "@/lib/withdrawals/known-balances";

export const metadata: Metadata = { title: "Request a withdrawal" };

export default async function NewWithdrawalPage({
  searchParams,
}: {
  searchParams: Promise<{ refundOf?: string | string[] }>;
}) {
  await requirePermission("withdrawals:request");
  const { refundOf } = await searchParams;
  if (refundOf !== undefined) return <RefundRequest invoiceId={String(refundOf)} />;
  return (
    <div className="grid max-w-3xl gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Request a withdrawal</h1>
        <p className="text-sm text-slate-600">
          Someone in finance other than you approves it before anything is paid out.
        </p>
      </div>
      <WithdrawalForm
        defaultValues={emptyWithdrawalForm(newFormToken())}
        balances={await knownBalances(await getDb())}
      />
    </div>
  );
}

async function RefundRequest({ invoiceId }: { invoiceId: string }) {
  if (!/^[0-9a-f-]{36}$/i.test(invoiceId)) notFound();
  const db = await getDb();
  const [opened, balances] = await Promise.all([
    refundFormFor(db, invoiceId, newFormToken()),
    knownBalances(db),
  ]);
  if (!opened) notFound();
  return (
    <div className="grid max-w-3xl gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Request a refund</h1>
        <p className="text-sm text-slate-600">
          A refund is a withdrawal: someone in finance other than you approves it before anything is paid out.
        </p>
      </div>
      {opened.kind === "refused" ? (
        <div className="grid gap-2 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm" role="status">
          <p>{opened.message}</p>
          <Link href={`/invoices/${invoiceId}`} className="underline">
            Back to the invoice
          </Link>
        </div>
      ) : (
        <WithdrawalForm defaultValues={opened.defaultValues} refund={opened.refund} balances={balances} />
      )}
    </div>
  );
}
