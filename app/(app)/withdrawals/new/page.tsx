import type { Metadata } from "next";
import { WithdrawalForm } from "@/components/withdrawals/form/withdrawal-form";
import { requirePermission } from "@/lib/auth/guards";
import { newOrderId } from "@/lib/order-id";
import { emptyWithdrawalForm } from "@/lib/withdrawals/form-schema";

export const metadata: Metadata = { title: "Request a withdrawal" };

export default async function NewWithdrawalPage() {
  await requirePermission("withdrawals:request");
  return (
    <div className="grid max-w-3xl gap-6">
      <div>
        <h1 className="text-2xl font-semibold">Request a withdrawal</h1>
        <p className="text-sm text-slate-600">
          Someone in finance other than you approves it before anything is paid out.
        </p>
      </div>
      <WithdrawalForm defaultValues={emptyWithdrawalForm(newOrderId("wd"))} />
    </div>
  );
}
