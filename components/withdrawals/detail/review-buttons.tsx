"use client";

import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ConfirmWithNote } from "@/components/ui/confirm-with-note";
import { showActionResult } from "@/components/ui/outcome-toast";
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
    showActionResult(result);
    await onDone();
    return result.ok;
  }
  const step = (props: Omit<StepProps, "finish">) => <Step {...props} finish={finish} />;

  return (
    <div className="flex flex-wrap items-center gap-3">
      {may.confirmNothingSent
        ? step({
            label: "Confirm nothing was sent",
            title: "Confirm that nothing was sent?",
            description: withdrawal.closeProposal
              ? `${withdrawal.closeProposal.by ?? "Someone in finance"} proposed closing it: "${withdrawal.closeProposal.reason ?? ""}". Confirm only after checking the service's own records yourself: once closed, a refund's share of its invoice can be refunded again.`
              : "It was closed by one person while it may have been paid. Confirm only after checking the service's own records yourself: a refund's share of its invoice can then be refunded again.",
            confirmLabel: "Confirm and close",
            tone: "danger",
            run: () => confirmNothingSentAction({ id }),
          })
        : null}
      {may.declineClose
        ? step({
            label: "Decline closing",
            secondary: true,
            title: "Keep it open?",
            description: "The proposal to close it is withdrawn; it stays on finance's worklist.",
            confirmLabel: "Keep it open",
            run: () => declineCloseAction({ id }),
          })
        : null}
      {may.confirmPaid && paid
        ? step({
            label: "Confirm paid",
            title: "Confirm that it was paid?",
            description: `${paid.by ?? "Someone in finance"} proposed recording it paid: ${display.crypto(paid.amount, withdrawal.currency)}, transaction ${paid.txid} ("${paid.note ?? ""}"). Confirm only after finding that payment in the service's own back office yourself.`,
            confirmLabel: "Confirm paid",
            run: () => confirmPaidAction({ id }),
          })
        : null}
      {may.declinePaid
        ? step({
            label: "Decline paid",
            secondary: true,
            title: "Do not record it paid?",
            description: "The proposal to record it paid is withdrawn; it stays on finance's worklist.",
            confirmLabel: "Decline",
            run: () => declinePaidAction({ id }),
          })
        : null}
      {may.proposePaid ? <ProposePaidDialog withdrawal={withdrawal} onDone={onDone} /> : null}
      {may.keepRetrying
        ? step({
            label: "Keep retrying",
            title: "Keep sending it with the same order id?",
            description:
              "Do this after checking with the service that the payout was not made some other way. It is sent again until the service answers; the same order id means it can never be paid twice.",
            confirmLabel: "Keep retrying",
            run: () => keepRetryingWithdrawalAction({ id }),
          })
        : null}
      {may.close || may.proposeClose ? (
        <ConfirmWithNote
          trigger={
            <Button size="sm" variant="secondary">
              {may.close ? "Close" : "Propose closing"}
            </Button>
          }
          title={may.close ? "Close this withdrawal?" : "Propose closing this withdrawal?"}
          explanation={
            may.close
              ? "The service said it paid nothing. Nothing more is sent for it; a refund's share of its invoice can be refunded again."
              : "It may have been paid. It closes only when a second person in finance confirms that nothing was sent."
          }
          noteId={`close-reason-${id}`}
          noteLabel="Reason (what you checked)"
          field="reason"
          confirmLabel={may.close ? "Close withdrawal" : "Propose closing"}
          tone="danger"
          parse={(reason) => {
            const parsed = closeFormSchema.safeParse({ reason });
            return parsed.success
              ? { ok: true, input: parsed.data }
              : { ok: false, error: parsed.error.issues[0]?.message };
          }}
          submit={({ reason }) => closeWithdrawalAction({ id, reason })}
          onDone={onDone}
        />
      ) : null}
    </div>
  );
}

interface StepProps {
  label: string;
  secondary?: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  tone?: "primary" | "danger";
  run: () => Promise<ActionResult<{ message: string }>>;
  finish: (result: ActionResult<{ message: string }>) => Promise<boolean>;
}

/** A step of the review that needs only a confirmation. */
function Step({ label, secondary, title, description, confirmLabel, tone, run, finish }: StepProps) {
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant={secondary ? "secondary" : "primary"}>
          {label}
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      tone={tone}
      onConfirm={async () => finish(await run())}
    />
  );
}
