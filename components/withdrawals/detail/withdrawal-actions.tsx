"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { showActionResult } from "@/components/ui/outcome-toast";
import { cancelWithdrawalAction, retryWithdrawalAction } from "@/lib/withdrawals/actions";
import type { WithdrawalView } from "@/lib/withdrawals/withdrawal-view";
import { DecisionButtons } from "./decision-buttons";
import { ReviewButtons } from "./review-buttons";

const SEND_AGAIN_LABEL: Partial<Record<WithdrawalView["state"], string>> = {
  approved: "Send again (same order id)",
  failed: "Send again (needs a fresh approval)",
  service_failed: "Send again as a new payout",
};

/** Offers what the server said this viewer may do with the withdrawal (`viewerMay`), nothing more. */
export function WithdrawalActions({ withdrawal }: { withdrawal: WithdrawalView }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["withdrawal", withdrawal.id] });
  const may = withdrawal.viewerMay;

  async function retry() {
    setBusy(true);
    const result = await retryWithdrawalAction({ id: withdrawal.id });
    showActionResult(result);
    await refresh();
    setBusy(false);
    // A payout failed at the service is sent again as a new one: that is the one to follow now.
    if (result.ok && result.data.id !== withdrawal.id) router.push(`/withdrawals/${result.data.id}`);
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
              showActionResult(result);
              await refresh();
              return result.ok;
            }}
          />
        ) : null}
      </div>
    );
  }
  const reviews =
    may.keepRetrying ||
    may.proposePaid ||
    may.confirmPaid ||
    may.declinePaid ||
    may.close ||
    may.proposeClose ||
    may.confirmNothingSent ||
    may.declineClose;
  if (!may.sendAgain && !reviews) return null;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {may.sendAgain ? (
        <Button size="sm" onClick={retry} disabled={busy}>
          {busy ? "Sending…" : (SEND_AGAIN_LABEL[withdrawal.state] ?? "Send again")}
        </Button>
      ) : null}
      {reviews ? <ReviewButtons withdrawal={withdrawal} onDone={refresh} /> : null}
    </div>
  );
}
