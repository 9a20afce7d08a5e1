"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toaster";
import { closeWithdrawalAction, keepRetryingWithdrawalAction } from "@/lib/withdrawals/actions";
import { closeFormSchema } from "@/lib/withdrawals/close-schema";
import type { WithdrawalView } from "@/lib/withdrawals/withdrawal-view";
import { ReasonField } from "@/components/ui/reason-field";

/**
 * For a withdrawal that did not end by itself (outcome unknown past the resubmit cap, or refused
 * by the service): keep retrying, or close it with a reason. Offered only to finance other than
 * the requester (`viewerMay`); the server checks again.
 */
export function ReviewButtons({
  withdrawal,
  onDone,
}: {
  withdrawal: WithdrawalView;
  onDone: () => Promise<unknown>;
}) {
  const may = withdrawal.viewerMay;
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string>();

  async function finish(ok: boolean, message: string) {
    if (ok) toast.success(message);
    else toast.error(message);
    await onDone();
    return ok;
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      {may.keepRetrying ? (
        <ConfirmDialog
          trigger={<Button size="sm">Keep retrying</Button>}
          title="Keep sending it with the same order id?"
          description="Do this after checking with the service that the payout was not made some other way. It is sent again until the service answers; the same order id means it can never be paid twice."
          confirmLabel="Keep retrying"
          onConfirm={async () => {
            const result = await keepRetryingWithdrawalAction({ id: withdrawal.id });
            return finish(result.ok, result.ok ? result.data.message : result.message);
          }}
        />
      ) : null}
      {may.close ? (
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="secondary">
              Close
            </Button>
          }
          title="Close this withdrawal?"
          confirmLabel="Close withdrawal"
          tone="danger"
          onConfirm={async () => {
            const form = closeFormSchema.safeParse({ reason });
            if (!form.success) {
              setReasonError(form.error.issues[0]?.message);
              return false;
            }
            const result = await closeWithdrawalAction({ id: withdrawal.id, reason: form.data.reason });
            if (!result.ok && result.fieldErrors?.reason) {
              setReasonError(result.fieldErrors.reason[0]);
              return false;
            }
            return finish(result.ok, result.ok ? result.data.message : result.message);
          }}
          description={
            <div className="grid gap-1.5">
              <p className="text-sm text-slate-600">
                Nothing more is sent for it. Close it only after checking with the service what happened.
              </p>
              <ReasonField
                id={`close-reason-${withdrawal.id}`}
                label="Reason (what you checked)"
                value={reason}
                error={reasonError}
                onChange={(value) => {
                  setReason(value);
                  setReasonError(undefined);
                }}
              />
            </div>
          }
        />
      ) : null}
    </div>
  );
}
