"use client";

import { useDisplay } from "@/components/display/display-provider";
import type { WithdrawalView } from "@/lib/withdrawals/withdrawal-view";

/**
 * Who asked for a payout, when, and why in their own words: what an approver reads first. The
 * time is plain text (both relative and exact): a focusable time would take the dialog's first
 * focus and cover the name with its tooltip.
 */
export function AskedBy({
  withdrawal,
}: {
  withdrawal: Pick<
    WithdrawalView,
    "requestedByName" | "requestedByEmail" | "createdAt" | "reason" | "refundOf"
  >;
}) {
  const display = useDisplay();
  const who = withdrawal.requestedByName ?? withdrawal.requestedByEmail ?? "Someone no longer in Paydesk";
  return (
    <div className="grid gap-1 text-sm text-slate-800" data-testid="asked-by">
      <p className="[overflow-wrap:anywhere]">
        <strong className="font-semibold">{who}</strong>{" "}
        {withdrawal.requestedByName && withdrawal.requestedByEmail ? (
          <span className="text-slate-500">({withdrawal.requestedByEmail}) </span>
        ) : null}
        asked for this {withdrawal.refundOf ? "refund" : "payout"} {display.relative(withdrawal.createdAt)}{" "}
        <span className="text-slate-500">
          (<time dateTime={withdrawal.createdAt}>{display.dateTime(withdrawal.createdAt)}</time>)
        </span>
        :
      </p>
      <blockquote
        className="border-l-2 border-slate-300 pl-3 text-slate-700 [overflow-wrap:anywhere]"
        data-testid="asked-why"
      >
        {withdrawal.reason}
      </blockquote>
    </div>
  );
}
