"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useDisplay } from "@/components/display/display-provider";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DetailList } from "@/components/ui/detail-list";
import { showActionResult } from "@/components/ui/outcome-toast";
import type { ActionResult } from "@/lib/auth/action-result";
import type { Outcome } from "@/lib/outcome/outcome";
import { approveWithdrawalAction, rejectWithdrawalAction } from "@/lib/withdrawals/actions";
import { describeAmount, describeFee } from "@/lib/withdrawals/present";
import { rejectFormSchema } from "@/lib/withdrawals/reject-schema";
import type { WithdrawalView } from "@/lib/withdrawals/withdrawal-view";
import { ReasonField } from "@/components/ui/reason-field";
import { SecondFactorPrompt } from "@/components/passkeys/second-factor-prompt";
import { useStepUp } from "@/components/passkeys/use-step-up";
import { RefundOfInvoice } from "@/components/withdrawals/refund-of-invoice";
import { AskedBy } from "@/components/withdrawals/asked-by";
import { FiatValueText } from "@/components/withdrawals/fiat-value";
import { KnownBalanceNote } from "@/components/withdrawals/known-balance";

/**
 * Approve (after reading who asked and why, then exactly what leaves, what it is worth, who pays
 * the fee, and where it goes) or reject (with a reason); nothing when the server said this viewer
 * may not decide (`viewerMay`).
 */
export function DecisionButtons({ withdrawal, onDone }: { withdrawal: WithdrawalView; onDone?: () => void }) {
  const router = useRouter();
  const display = useDisplay();
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string>();
  // Step-up: a fresh second factor, once the server asks for it (or the session's status says it will).
  const stepUp = useStepUp(`approve-code-${withdrawal.id}`);
  const container = useRef<HTMLDivElement>(null);

  const finish = (result: ActionResult<{ message: string; outcome?: Outcome }>) => {
    showActionResult(result);
    onDone?.();
    router.refresh();
    return result.ok;
  };

  if (!withdrawal.viewerMay.decide) return null;
  return (
    <div className="flex flex-wrap gap-2" ref={container}>
      <ConfirmDialog
        trigger={<Button size="sm">Approve</Button>}
        title="Approve this payout?"
        confirmLabel="Approve and pay out"
        focusAfterConfirm={() => focusAfterDecision(container.current)}
        onConfirm={async () => {
          const result = await approveWithdrawalAction({ id: withdrawal.id, ...stepUp.proof });
          if (stepUp.askedFor(result)) return false;
          return finish(result);
        }}
        description={
          <div className="grid gap-3">
            <AskedBy withdrawal={withdrawal} />
            <DetailList
              size="compact"
              // Long ids and addresses wrap: on a phone the dialog is the screen's width, no wider.
              className="grid-cols-[6.5rem_minmax(0,1fr)] text-slate-800 [overflow-wrap:anywhere]"
              data-testid="approve-summary"
              items={[
                {
                  label: "Amount",
                  value: describeAmount(withdrawal, display.prefs.locale),
                  valueClassName: "font-semibold",
                },
                {
                  label: "Fiat value",
                  value: <FiatValueText value={withdrawal.fiatValue} coin={withdrawal.currency} />,
                },
                { label: "Fee", value: describeFee(withdrawal.isSubtract) },
                ...(withdrawal.whyTwoApprovals
                  ? [{ label: "Approvals", value: withdrawal.whyTwoApprovals }]
                  : []),
                {
                  label: "Balance",
                  value: (
                    <KnownBalanceNote
                      known={withdrawal.knownBalance}
                      amount={withdrawal.amount}
                      currency={withdrawal.currency}
                      network={withdrawal.network}
                      className="text-sm"
                    />
                  ),
                },
                ...(withdrawal.refundOf
                  ? [{ label: "Refund of", value: <RefundOfInvoice refundOf={withdrawal.refundOf} /> }]
                  : []),
                { label: "Network", value: withdrawal.network },
                {
                  label: "To address",
                  value: withdrawal.address,
                  valueClassName: "font-mono text-xs break-all",
                },
                ...(withdrawal.newAddress
                  ? [
                      {
                        label: "Address history",
                        value: "Never paid before: Paydesk has sent nothing to this address yet.",
                        valueClassName: "font-medium text-amber-700",
                      },
                    ]
                  : []),
              ]}
            />
            <SecondFactorPrompt {...stepUp.prompt} />
          </div>
        }
      />
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="secondary">
            Reject
          </Button>
        }
        title="Reject this withdrawal?"
        confirmLabel="Reject"
        tone="danger"
        focusAfterConfirm={() => focusAfterDecision(container.current)}
        onConfirm={async () => {
          const form = rejectFormSchema.safeParse({ reason });
          if (!form.success) {
            setReasonError(form.error.issues[0]?.message);
            return false;
          }
          const result = await rejectWithdrawalAction({ id: withdrawal.id, reason: form.data.reason });
          if (!result.ok && result.fieldErrors?.reason) {
            setReasonError(result.fieldErrors.reason[0]);
            return false;
          }
          return finish(result);
        }}
        description={
          <ReasonField
            id={`reject-reason-${withdrawal.id}`}
            label="Reason (the requester sees it)"
            value={reason}
            error={reasonError}
            onChange={(value) => {
              setReason(value);
              setReasonError(undefined);
            }}
          />
        }
      />
    </div>
  );
}

/**
 * A decided withdrawal leaves the queue (or its buttons go): focus moves on to the next row's first
 * link, or to the page's heading when it was the last.
 */
function focusAfterDecision(from: HTMLElement | null): HTMLElement | null {
  const next = from?.closest("tr")?.nextElementSibling?.querySelector<HTMLElement>("a[href], button");
  return next ?? document.querySelector<HTMLElement>("main h1[tabindex]");
}
