"use client";

import Decimal from "decimal.js";
import { useDisplay } from "@/components/display/display-provider";
import { cn } from "@/lib/cn";
import { balanceAfter, type KnownBalance } from "@/lib/withdrawals/balance-check";

/**
 * The balance a payout draws on, beside the amount wherever it is asked for or decided: what the
 * merchant holds as Paydesk knows it (and since when), what approved payouts will take, and what is
 * left after this one; flagged in words when it does not fit. Paydesk's ledger can lag the
 * service, so a flag warns rather than forbids.
 */
export function KnownBalanceNote({
  known,
  amount,
  currency,
  network,
  className,
}: {
  known: KnownBalance | null;
  amount: string | null;
  currency: string;
  network: string;
  className?: string;
}) {
  const display = useDisplay();
  const coin = (value: string) => display.crypto(value, currency);
  const after = balanceAfter(known, amount);
  const source = known?.source === "service" ? "the service" : "Paydesk's ledger";
  return (
    <div className={cn("grid gap-0.5 text-xs text-slate-600", className)} data-testid="known-balance">
      <span>
        Known balance: <span className="font-medium text-slate-800">{coin(known?.balance ?? "0")}</span> on{" "}
        {network}
        {known
          ? ` (from ${source}, as of ${display.dateTime(known.asOf)})`
          : " (nothing in Paydesk's ledger)"}
        {known && new Decimal(known.committed).gt(0)
          ? `; ${coin(known.committed)} of it is approved to go out`
          : ""}
        .
      </span>
      {after?.shortBy ? (
        <span className="font-semibold text-red-700" data-testid="above-balance">
          Above the known balance by {coin(after.shortBy)}: the service is likely to refuse it.
        </span>
      ) : after ? (
        <span data-testid="balance-after">After this payout: {coin(after.after)} (fees come on top).</span>
      ) : null}
    </div>
  );
}
