"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toaster";
import { cancelWithdrawalAction, retryWithdrawalAction } from "@/lib/withdrawals/actions";
import type { WithdrawalView } from "@/lib/withdrawals/queries";
import { DecisionButtons } from "./decision-buttons";
import type { Viewer } from "./withdrawal-view";

export function WithdrawalActions({ withdrawal, viewer }: { withdrawal: WithdrawalView; viewer: Viewer }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["withdrawal", withdrawal.id] });
  const isRequester = withdrawal.requestedBy === viewer.id;

  async function retry() {
    setBusy(true);
    const result = await retryWithdrawalAction({ id: withdrawal.id });
    if (result.ok) toast.success(result.data.message);
    else toast.error(result.message);
    await refresh();
    setBusy(false);
  }

  if (withdrawal.state === "awaiting_approval") {
    return (
      <div className="flex flex-wrap items-center gap-3">
        {viewer.canApprove && !isRequester && !withdrawal.approvedBy.includes(viewer.email) ? (
          <DecisionButtons withdrawal={withdrawal} onDone={refresh} />
        ) : null}
        {viewer.canApprove && isRequester ? (
          <p className="text-sm text-slate-600">
            You requested this withdrawal, so someone else in finance approves it.
          </p>
        ) : null}
        {isRequester ? (
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="secondary">
                Cancel request
              </Button>
            }
            title="Cancel this withdrawal request?"
            description="Nothing has been paid. The request is closed and cannot be approved any more."
            confirmLabel="Cancel request"
            tone="danger"
            focusAfterConfirm={() => document.querySelector<HTMLElement>("main h1[tabindex]")}
            onConfirm={async () => {
              const result = await cancelWithdrawalAction({ id: withdrawal.id });
              if (result.ok) toast.success(result.data.message);
              else toast.error(result.message);
              await refresh();
              return result.ok;
            }}
          />
        ) : null}
      </div>
    );
  }
  // "approved" normally moves on at once; one still here was orphaned (its sender stopped).
  if ((withdrawal.state === "failed" || withdrawal.state === "approved") && viewer.canApprove) {
    return (
      <div>
        <Button size="sm" onClick={retry} disabled={busy}>
          {busy ? "Sending…" : "Send again (same order id)"}
        </Button>
      </div>
    );
  }
  return null;
}
