"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toaster";
import { cancelWithdrawalAction, retryWithdrawalAction } from "@/lib/withdrawals/actions";
import type { WithdrawalView } from "@/lib/withdrawals/withdrawal-view";
import { DecisionButtons } from "./decision-buttons";
import { ReviewButtons } from "./review-buttons";

/** Offers what the server said this viewer may do with the withdrawal (`viewerMay`), nothing more. */
export function WithdrawalActions({ withdrawal }: { withdrawal: WithdrawalView }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["withdrawal", withdrawal.id] });
  const may = withdrawal.viewerMay;

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
        {may.decide ? <DecisionButtons withdrawal={withdrawal} onDone={refresh} /> : null}
        {may.cannotDecide === "requester" ? (
          <p className="text-sm text-slate-600">
            You requested this withdrawal, so someone else in finance approves it. You cannot reject it
            yourself: cancel it if it is no longer needed.
          </p>
        ) : null}
        {may.cancel ? (
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
  const failed = withdrawal.state === "failed";
  if (may.sendAgain || may.keepRetrying || may.close) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        {may.sendAgain ? (
          <Button size="sm" onClick={retry} disabled={busy}>
            {busy
              ? "Sending…"
              : failed
                ? "Send again (needs a fresh approval)"
                : "Send again (same order id)"}
          </Button>
        ) : null}
        <ReviewButtons withdrawal={withdrawal} onDone={refresh} />
      </div>
    );
  }
  return null;
}
