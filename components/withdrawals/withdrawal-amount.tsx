"use client";

import { useDisplay } from "@/components/display/display-provider";
import { describeAmount } from "@/lib/withdrawals/present";

/** A payout's amount as money in the person's number format, fiat requests with their coin. */
export function WithdrawalAmount({
  withdrawal,
  className,
}: {
  withdrawal: Parameters<typeof describeAmount>[0];
  className?: string;
}) {
  const display = useDisplay();
  return (
    <span className={className} data-testid="withdrawal-amount">
      {describeAmount(withdrawal, display.prefs.locale)}
    </span>
  );
}
