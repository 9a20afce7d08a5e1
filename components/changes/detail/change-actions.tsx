"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { SecondFactorPrompt } from "@/components/passkeys/second-factor-prompt";
import { useStepUp } from "@/components/passkeys/use-step-up";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { showActionResult } from "@/components/ui/outcome-toast";
import type { ActionResult } from "@/lib/auth/action-result";
import { approveChangeAction, cancelChangeAction, rejectChangeAction } from "@/lib/change-review/actions";
import type { ChangeView } from "@/lib/change-review/queries";
import type { HandedOverLink } from "@/lib/users/account-link-url";
import { showOneTimeLink } from "@/components/account-links/one-time-link";
import { AccountHistoryList } from "./account-history-list";

/** What the approver is given after approving, when it is more than the change itself. */
const APPROVAL_THEN: Partial<Record<ChangeView["kind"], string>> = {
  reset_password: " You are then shown their new one-time link, once, to send them.",
  enable_user: " If they have no password yet, you are then shown a new one-time link, once, to send them.",
};

const HELD_IN_SHORT =
  "This grant cannot be approved now: the account's sign-in changed around its proposal. Approve shows what changed.";

/**
 * Approve, reject or cancel one pending change: only what the server said this admin may do
 * (`viewerMay`), each after a confirmation, and why approving is not offered when it is not.
 * Approving asks for a fresh second factor when the session's is too old, as approving a payout does.
 */
export function ChangeActions({ change }: { change: ChangeView }) {
  const router = useRouter();
  const may = change.viewerMay;
  // Step-up: a fresh second factor, once the server asks for it (or the session's status says it will).
  const stepUp = useStepUp(`approve-change-code-${change.id}`);
  // The server's refusal of the last approval, shown in the dialog (its page may be older).
  const [refused, setRefused] = useState<string | null>(null);
  const refusal = change.held ?? refused;
  const refusalShown = useRef<HTMLParagraphElement>(null);
  // A refusal the page did not foresee takes the focus from the Approve button it disables.
  useEffect(() => {
    if (refused) refusalShown.current?.focus();
  }, [refused]);

  const run = async (action: () => Promise<ActionResult<{ message: string; link?: HandedOverLink }>>) => {
    const result = await action();
    showActionResult(result);
    // An approved password reset: the approver is shown the person's new link, once.
    if (result.ok && result.data.link) showOneTimeLink(result.data.link);
    router.refresh();
    return result.ok;
  };

  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {change.blocked ? <p className="text-xs text-amber-700">{change.blocked}</p> : null}
      {!change.blocked && change.held ? (
        <p className="text-xs text-amber-700">
          {/* An approver reads it whole under Approve; the proposer, who must act on it, here. */}
          {may.approve ? HELD_IN_SHORT : change.held}
        </p>
      ) : null}
      {!change.blocked && may.whyNotApprove ? (
        <p className="text-xs text-slate-600">
          {may.whyNotApprove}
          {may.cancel && change.notified > 0
            ? ` ${change.notified === 1 ? "The other admin who may approve it was" : `The ${change.notified} other admins who may approve it were`} notified.`
            : null}
        </p>
      ) : null}
      {may.approve ? (
        <ConfirmDialog
          trigger={<Button size="sm">Approve</Button>}
          title="Approve this change?"
          description={
            <div className="grid gap-3">
              <p>
                {`${change.description}. Proposed by ${change.proposedBy}.${change.reason ? ` Their reason: “${change.reason}”.` : ""} It applies as soon as you approve.${APPROVAL_THEN[change.kind] ?? ""}`}
              </p>
              {change.accountHistory ? (
                <AccountHistoryList
                  history={change.accountHistory}
                  headingId={`account-history-${change.id}`}
                />
              ) : null}
              {refusal ? (
                <p
                  ref={refusalShown}
                  role="alert"
                  tabIndex={-1}
                  className="rounded border border-amber-300 bg-amber-50 p-2 text-amber-900"
                >
                  {refusal}
                </p>
              ) : (
                <SecondFactorPrompt {...stepUp.prompt} />
              )}
            </div>
          }
          confirmLabel="Approve"
          confirmDisabled={Boolean(refusal)}
          onConfirm={async () => {
            const result = await approveChangeAction({ id: change.id, ...stepUp.proof });
            if (stepUp.askedFor(result)) return false;
            if (!result.ok && result.code === "rejected") {
              // Refused although the page offered it (it changed since): say why here, and read the
              // account's history again.
              setRefused(result.message);
              router.refresh();
              return false;
            }
            return run(async () => result);
          }}
        />
      ) : null}
      {may.reject ? (
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="secondary">
              Reject
            </Button>
          }
          title="Reject this change?"
          description={`${change.description}. Nothing changes; ${change.proposedBy} can propose it again.`}
          confirmLabel="Reject"
          tone="danger"
          onConfirm={() => run(() => rejectChangeAction({ id: change.id }))}
        />
      ) : null}
      {may.cancel ? (
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="secondary">
              Cancel change
            </Button>
          }
          title="Cancel the change you proposed?"
          description={`${change.description}. Nothing changes.`}
          confirmLabel="Cancel change"
          tone="danger"
          onConfirm={() => run(() => cancelChangeAction({ id: change.id }))}
        />
      ) : null}
    </div>
  );
}
