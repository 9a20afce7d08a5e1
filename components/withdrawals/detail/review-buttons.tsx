"use client";

import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/auth/action-result";
import {
  closeWithdrawalAction,
  confirmNothingSentAction,
  confirmPaidAction,
  declineCloseAction,
  declinePaidAction,
  keepRetryingWithdrawalAction,
} from "@/lib/withdrawals/actions";
import { closeFormSchema } from "@/lib/withdrawals/close-schema";
import type { WithdrawalView } from "@/lib/withdrawals/withdrawal-view";
import { useDisplay } from "@/components/display/display-provider";
import { ProposePaidDialog } from "./propose-paid-dialog";
import { TextActionDialog } from "./text-action-dialog";

/**
 * For a payout that did not end by itself: keep retrying, record it paid as the service's back
 * office shows it (one proposes, a second confirms), close it (one person when the service said it
 * failed; otherwise one proposes and a second confirms nothing was sent). Offered only as
 * `viewerMay` says (finance other than the requester); the server checks again.
 */
export function ReviewButtons({
  withdrawal,
  onDone,
}: {
  withdrawal: WithdrawalView;
  onDone: () => Promise<unknown>;
}) {
  const display = useDisplay();
  const may = withdrawal.viewerMay;
  const { id } = withdrawal;
  const paid = withdrawal.paidProposal;

  async function finish(result: ActionResult<{ message: string }>) {
    if (result.ok) toast.success(result.data.message);
    else toast.error(result.message);
    await onDone();
    return result.ok;
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      {may.confirmNothingSent ? (
        <ConfirmDialog
          trigger={<Button size="sm">Confirm nothing was sent</Button>}
          title="Confirm that nothing was sent?"
          description={
            withdrawal.closeProposal
              ? `${withdrawal.closeProposal.by ?? "Someone in finance"} proposed closing it: "${withdrawal.closeProposal.reason ?? ""}". Confirm only after checking the service's own records yourself: once closed, a refund's share of its invoice can be refunded again.`
              : "It was closed by one person while it may have been paid. Confirm only after checking the service's own records yourself: a refund's share of its invoice can then be refunded again."
          }
          confirmLabel="Confirm and close"
          tone="danger"
          onConfirm={async () => finish(await confirmNothingSentAction({ id }))}
        />
      ) : null}
      {may.declineClose ? (
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="secondary">
              Decline closing
            </Button>
          }
          title="Keep it open?"
          description="The proposal to close it is withdrawn; it stays on finance's worklist."
          confirmLabel="Keep it open"
          onConfirm={async () => finish(await declineCloseAction({ id }))}
        />
      ) : null}
      {may.confirmPaid && paid ? (
        <ConfirmDialog
          trigger={<Button size="sm">Confirm paid</Button>}
          title="Confirm that it was paid?"
          description={`${paid.by ?? "Someone in finance"} proposed recording it paid: ${display.crypto(paid.amount, withdrawal.currency)}, transaction ${paid.txid} ("${paid.note ?? ""}"). Confirm only after finding that payment in the service's own back office yourself.`}
          confirmLabel="Confirm paid"
          onConfirm={async () => finish(await confirmPaidAction({ id }))}
        />
      ) : null}
      {may.declinePaid ? (
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="secondary">
              Decline paid
            </Button>
          }
          title="Do not record it paid?"
          description="The proposal to record it paid is withdrawn; it stays on finance's worklist."
          confirmLabel="Decline"
          onConfirm={async () => finish(await declinePaidAction({ id }))}
        />
      ) : null}
      {may.proposePaid ? <ProposePaidDialog withdrawal={withdrawal} onDone={onDone} /> : null}
      {may.keepRetrying ? (
        <ConfirmDialog
          trigger={<Button size="sm">Keep retrying</Button>}
          title="Keep sending it with the same order id?"
          description="Do this after checking with the service that the payout was not made some other way. It is sent again until the service answers; the same order id means it can never be paid twice."
          confirmLabel="Keep retrying"
          onConfirm={async () => finish(await keepRetryingWithdrawalAction({ id }))}
        />
      ) : null}
      {may.close || may.proposeClose ? (
        <TextActionDialog
          id={`close-reason-${id}`}
          trigger={may.close ? "Close" : "Propose closing"}
          title={may.close ? "Close this withdrawal?" : "Propose closing this withdrawal?"}
          intro={
            may.close
              ? "The service said it paid nothing. Nothing more is sent for it; a refund's share of its invoice can be refunded again."
              : "It may have been paid. It closes only when a second person in finance confirms that nothing was sent."
          }
          field="reason"
          label="Reason (what you checked)"
          confirmLabel={may.close ? "Close withdrawal" : "Propose closing"}
          tone="danger"
          schema={closeFormSchema}
          run={({ reason }) => closeWithdrawalAction({ id, reason })}
          onDone={onDone}
        />
      ) : null}
    </div>
  );
}
