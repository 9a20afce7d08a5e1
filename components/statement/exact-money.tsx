"use client";

import { useDisplay } from "@/components/display/display-provider";
import { coinDecimals } from "@/lib/currencies/coin-precision";
import { formatCrypto } from "@/lib/display/money";

/** Decimals an amount carries ("12.500" → 1). */
function decimalsOf(amount: string): number {
  return (amount.split(".")[1] ?? "").replace(/0+$/, "").length;
}

/**
 * An amount of a statement, never rounded: the coin's precision, or more where the books hold
 * more (a payment of 0.123456789 ETH). `data-amount` carries the exact decimal for the downloads'
 * checks.
 */
export function ExactMoney({
  amount,
  unit,
  className,
}: {
  amount: string;
  unit: string;
  className?: string;
}) {
  const display = useDisplay();
  const precision = Math.max(coinDecimals(unit), decimalsOf(amount));
  return (
    <span className={className} data-amount={amount}>
      {formatCrypto(amount, unit, display.prefs.locale, precision)}
    </span>
  );
}
